import { env } from '@/lib/env';
import { LegacyApiError, isSessionEnded, legacyErrorMessage } from '@/lib/legacy/client';
import { addPhoto } from '@/lib/legacy/methods';
import { legacyToken } from '@/lib/legacy/session';
import { routeHandlers } from '@/lib/route-handler';
import { ApiError } from '@/lib/social-api/errors';
import { refuseCrossSite, streamUpload, uploadAnswer } from '@/lib/uploads/stream-upload';

// POST /api/upload/legacy-photo: the legacy app's "Add a photo", streamed on to the legacy
// API's photo.addPhoto as the browser sent it (multipart, its `photo` part, `photo_name`
// before it), with the token of the app's session (lib/legacy/session.ts). The refusals of
// lib/uploads/stream-upload.ts (other sites, size, not a photo) come before anything reaches
// the API; a legacy error becomes the answer's message.

export const dynamic = 'force-dynamic';

const ENDED = 'This app’s session has ended. Open the app again from the site.';

async function upload(request: Request): Promise<Response> {
  const e = env();
  const crossSite = refuseCrossSite(request, e.WEB_ORIGIN);
  if (crossSite) return crossSite;
  const token = await legacyToken();
  if (!token) return uploadAnswer(401, ENDED);
  return streamUpload(request, {
    webOrigin: e.WEB_ORIGIN,
    maxBytes: e.UPLOAD_MAX_BYTES,
    field: 'photo',
    session: async () => ({ accessToken: token }),
    label: 'legacy photo',
    forward: async (t, body, signal) => {
      try {
        return await addPhoto(t, body, signal);
      } catch (err) {
        // In the social API's terms, so that streamUpload answers it like the other routes.
        if (err instanceof LegacyApiError) {
          if (isSessionEnded(err)) throw new ApiError(403, 'session_ended', ENDED);
          throw new ApiError(err.id === 9 ? 415 : err.id === 0 ? 502 : 400, 'legacy_error', legacyErrorMessage(err));
        }
        throw err;
      }
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  { POST: upload },
  { framedBy: () => new URL(env().LEGACY_API_URL).origin },
);
