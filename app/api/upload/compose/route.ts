import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { routeHandlers } from '@/lib/route-handler';
import { uploadComposePhoto } from '@/lib/social-api/albums';
import { isApiError } from '@/lib/social-api/errors';
import { formatBytes } from '@/lib/validations/activity';

// POST /api/upload/compose: the compose box's photo, streamed on to the API's
// /albums/compose_upload as the browser sent it (multipart with its Filedata part). The file
// is never held here: request.body goes upstream with duplex 'half'. This route stays out of
// proxy.ts's matcher, which would buffer (and cut) the body; routeHandlers() gives it the
// pages' security headers and refuses other sites (CSRF).

export const dynamic = 'force-dynamic';

/** Room for the multipart envelope around the file (boundaries, part headers, the type field). */
const MULTIPART_OVERHEAD = 16 * 1024;

function answer(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ message, ...extra }, { status, headers: { 'cache-control': 'no-store' } });
}

/** The browser's body, passed through unread; `cut` says whether it ended before its Content-Length. */
function counted(body: ReadableStream<Uint8Array>, length: number) {
  const state = { received: 0, cut: false };
  const stream = body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      state.received += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush() {
      state.cut = state.received < length;
    },
  }));
  return { stream, state };
}

async function upload(request: Request): Promise<Response> {
  const config = env();
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
  if (!request.body || length === 0) return answer(400, 'The upload is empty.');

  const body = counted(request.body, length);
  try {
    const photo = await uploadComposePhoto(
      session.accessToken,
      { body: body.stream, contentType, contentLength: String(length) },
      request.signal,
    );
    return Response.json({ photo_id: photo.photoId, src: photo.src }, { headers: { 'cache-control': 'no-store' } });
  } catch (e) {
    if (request.signal.aborted) return answer(499, 'The upload was cancelled.');
    if (body.state.cut) return answer(400, 'The upload was cut off before the whole photo arrived. Please retry.');
    if (isApiError(e)) {
      const fieldMessage = e.fieldErrors.Filedata;
      const message = fieldMessage ? `The photo was refused: ${fieldMessage}.`
        // The API could not read the form (cut off, or not a form at all).
        : e.fieldErrors.body ? 'The upload did not arrive whole. Please retry.'
          : e.message;
      // The API's own failure is a bad gateway here, never passed on as this site's 500.
      return answer(e.status >= 500 ? (e.status === 504 ? 504 : 502) : e.status, message);
    }
    console.error('[upload] compose', e);
    return answer(502, 'The upload failed. Please retry.');
  }
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ POST: upload });
