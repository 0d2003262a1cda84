import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError } from './errors.ts';
import { socialFieldsShape } from './schemas.ts';

/** The names of the social fields our API gives items other than activities (docs/api.md, "Extensions"). */
export const SOCIAL_FIELD_NAMES = Object.keys(socialFieldsShape).join(',');

/**
 * The query of a detail read that is no one opening the item (a shared link's preview image, an
 * editor's form, a card in a message): our API counts no view for it (`count_view`, docs/api.md);
 * a server of the documents alone ignores the parameter and counts one.
 */
export const NOT_A_VISIT = { count_view: 0 } as const;

/** A detail read's options: `visit: false` for a read that is no one opening the item (NOT_A_VISIT). */
export interface DetailRead {
  visit?: boolean;
}

/** The query a detail read adds for `read` (see NOT_A_VISIT). */
export const visitQuery = ({ visit = true }: DetailRead = {}) => (visit ? {} : NOT_A_VISIT);

/**
 * GET with our extension fields; a server that refuses a field name (400 naming `fields`) is
 * asked again with the document's own, so the client works against any server of the spec.
 */
export async function getWithFields(
  token: string,
  path: string,
  query: Record<string, string | number | undefined>,
  fields: string,
  specFields: string,
): Promise<unknown> {
  try {
    return await apiFetch(apiConfig(), path, { token, query: { ...query, fields } });
  } catch (e) {
    if (isApiError(e, 400) && 'fields' in e.fieldErrors)
      return apiFetch(apiConfig(), path, { token, query: { ...query, fields: specFields } });
    throw e;
  }
}
