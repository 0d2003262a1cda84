import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { str } from './primitives.ts';
import { safeImageUrl } from './users.ts';

// GET /core/link_preview?uri= (an extension, scope basic): what a page says about itself.

export interface LinkPreview {
  /** The page's address after redirects. */
  url: string;
  title: string;
  description: string;
  /** The page's picture on its own site ('' when none): what the post's attachment[thumb] carries. */
  thumb: string;
}

const previewSchema = z.looseObject({ url: str, title: str, description: str, thumb: str });

/** What the page at `uri` says about itself; undefined when the API gives no previews (isMissingExtension). */
export async function getLinkPreview(token: string, uri: string): Promise<LinkPreview | undefined> {
  let answer: unknown;
  try {
    answer = await apiFetch(apiConfig(), '/core/link_preview', { token, query: { uri } });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  const data = previewSchema.parse(answer);
  return {
    url: safeImageUrl(data.url) || uri,
    title: data.title.trim().slice(0, 255),
    description: data.description.trim().slice(0, 1000),
    thumb: safeImageUrl(data.thumb),
  };
}
