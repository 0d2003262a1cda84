import { getSession } from '../auth/session.ts';
import { env } from '../env.ts';
import { routeHandlers } from '../route-handler.ts';
import { streamUpload, type StreamUploadOptions } from './stream-upload.ts';

/**
 * The handlers of a photo upload route (`export const { GET, POST, … } = photoUploadRoute(…)`):
 * POST streams the signed-in person's file (form part Filedata) to the API by `forward`, with
 * every refusal of streamUpload; routeHandlers() adds the pages' security headers and answers the
 * other methods 405.
 */
export function photoUploadRoute<R extends Record<string, unknown>>(label: string, forward: StreamUploadOptions<R>['forward']) {
  return routeHandlers({
    POST: (request: Request) => {
      const config = env();
      return streamUpload(request, { webOrigin: config.WEB_ORIGIN, maxBytes: config.UPLOAD_MAX_BYTES, field: 'Filedata', session: getSession, forward, label });
    },
  });
}
