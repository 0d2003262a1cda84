import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { uploadComposePhoto } from '@/lib/social-api/albums';
import { isApiError } from '@/lib/social-api/errors';
import { formatBytes } from '@/lib/validations/activity';

// POST /api/upload/compose: the compose box's photo, streamed on to the API's
// /albums/compose_upload as the browser sent it (multipart with its Filedata part). The file
// is never held here: request.body goes upstream with duplex 'half'. This route stays out of
// proxy.ts's matcher, which would buffer (and cut) the body.

export const dynamic = 'force-dynamic';

/** Room for the multipart envelope around the file (boundaries, part headers, the type field). */
const MULTIPART_OVERHEAD = 16 * 1024;

function answer(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ message, ...extra }, { status, headers: { 'cache-control': 'no-store' } });
}

export async function POST(request: Request) {
  const config = env();

  // A state-changing route handler: only this site's own pages may call it (CSRF).
  const origin = request.headers.get('origin');
  if (origin !== config.WEB_ORIGIN) return answer(403, 'This upload did not come from this site.');
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return answer(403, 'This upload did not come from this site.');

  const session = await getSession();
  if (!session) return answer(401, 'You are signed out. Sign in again to upload photos.');

  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    return answer(415, 'Send the photo as a form upload (multipart/form-data).');
  }
  const declared = request.headers.get('content-length');
  const length = declared === null ? NaN : Number(declared);
  if (!Number.isSafeInteger(length) || length < 0) {
    return answer(411, 'The upload must say how large it is (Content-Length).');
  }
  // Refused before a byte goes upstream.
  const max = config.UPLOAD_MAX_BYTES;
  if (length > max + MULTIPART_OVERHEAD) {
    return answer(413, `The photo is too large: photos can be at most ${formatBytes(max)}.`, { max_bytes: max });
  }
  if (!request.body) return answer(400, 'The upload is empty.');

  try {
    const photo = await uploadComposePhoto(
      session.accessToken,
      { body: request.body, contentType, contentLength: String(length) },
      request.signal,
    );
    return Response.json({ photo_id: photo.photoId, src: photo.src }, { headers: { 'cache-control': 'no-store' } });
  } catch (e) {
    if (isApiError(e)) {
      const fieldMessage = e.fieldErrors.Filedata;
      const message = fieldMessage ? `The photo was refused: ${fieldMessage}.` : e.message;
      return answer(e.status === 401 ? 401 : e.status, message);
    }
    if (request.signal.aborted) return answer(499, 'The upload was cancelled.');
    console.error('[upload] compose', e);
    return answer(500, 'The upload failed. Please retry.');
  }
}
