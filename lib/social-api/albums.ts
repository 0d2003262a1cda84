import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
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
