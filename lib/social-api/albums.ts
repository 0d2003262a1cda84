import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { categorySchema, lenientArray, optionSchema } from './primitives.ts';
import { composeUploadSchema } from './schemas.ts';
import { safeImageUrl } from './users.ts';

// Albums and photos (spec: Albums, scope albums). Uploads live here: every photo, wherever it
// is posted, is uploaded through the albums module of the API.

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** A multipart body as the browser sent it, passed on without being read into memory. */
export interface UploadStream {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength?: string;
}

/**
 * Streams a multipart body (with its `Filedata` part, as the browser sent it) to
 * /albums/compose_upload, never holding the file in memory. Answers the new photo.
 */
export async function uploadComposePhoto(token: string, upload: UploadStream, signal?: AbortSignal): Promise<{ photoId: number; src: string }> {
  const data = composeUploadSchema.parse(
    await apiFetch(apiConfig(), '/albums/compose_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  return { photoId: data.photo_id, src: safeImageUrl(data.src) };
}

const optionListSchema = lenientArray(optionSchema);
const categoryListSchema = lenientArray(categorySchema);

/** What a person may choose among for an album's settings (a new album, an album's edit form). */
export interface AlbumOptions {
  categories: Array<{ id: number; title: string }>;
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
  tag: Array<{ id: string; title: string }>;
}

/** GET /albums/categories, /albums/view_options, /albums/comment_options and /albums/tag_options, together. */
export async function getAlbumOptions(token: string): Promise<AlbumOptions> {
  const config = apiConfig();
  const options = async (name: string) =>
    optionListSchema.parse(await apiFetch(config, `/albums/${name}`, { token })).map((o) => ({ id: o.id, title: o.title }));
  const [categories, view, comment, tag] = await Promise.all([
    apiFetch(config, '/albums/categories', { token }).then((d) => categoryListSchema.parse(d).map((c) => ({ id: c.id, title: c.title }))),
    options('view_options'),
    options('comment_options'),
    options('tag_options'),
  ]);
  return { categories, view, comment, tag };
}
