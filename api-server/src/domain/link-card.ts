import { invalidParams, missingParam, type ParamError } from '../errors.ts';

// A link attached to what a person writes (attachment[type]=link on POST /activities and on
// messages): the card's fields as sent, checked once for both.

export interface LinkCardFields {
  'attachment[uri]'?: string;
  'attachment[title]'?: string;
  'attachment[description]'?: string;
  'attachment[thumb]'?: string;
}

/** The columns a link card is stored in (activities and messages have the same). */
export interface LinkCardColumns {
  attachment_type: 'link';
  attachment_id: null;
  link_uri: string;
  link_title: string | null;
  link_description: string | null;
  link_thumb: string | null;
}

/** The card's fields in a route's body schema. */
export const linkCardProperties = {
  'attachment[uri]': { type: 'string', maxLength: 2048 },
  'attachment[title]': { type: 'string', maxLength: 255 },
  'attachment[description]': { type: 'string', maxLength: 5000 },
  'attachment[thumb]': { type: 'string', maxLength: 2048 },
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The card: an http(s) `attachment[uri]` (required) and `attachment[thumb]`, trimmed; 400 naming each that is not. */
export function linkCardOf(b: LinkCardFields): LinkCardColumns {
  const uri = b['attachment[uri]']?.trim();
  const thumb = b['attachment[thumb]']?.trim() || null;
  if (!uri) throw missingParam('attachment[uri]');
  const errors: ParamError[] = [];
  if (!isHttpUrl(uri)) errors.push({ name: 'attachment[uri]', message: 'must be an http(s) URL', error_text: 'invalid_parameter' });
  if (thumb && !isHttpUrl(thumb))
    errors.push({ name: 'attachment[thumb]', message: 'must be an http(s) URL', error_text: 'invalid_parameter' });
  if (errors.length) throw invalidParams(errors);
  return {
    attachment_type: 'link',
    attachment_id: null,
    link_uri: uri,
    link_title: b['attachment[title]']?.trim() || null,
    link_description: b['attachment[description]']?.trim() || null,
    link_thumb: thumb,
  };
}
