import { getSession } from '../auth/session.ts';
import { env } from '../env.ts';
import { routeHandlers } from '../route-handler.ts';
import { streamUpload, type StreamUploadOptions } from './stream-upload.ts';

/** What an upload route says of its own: the file part, where it goes, what it checks and answers. */
export type UploadRouteOptions<R> = Omit<StreamUploadOptions<R>, 'webOrigin' | 'maxBytes' | 'session'>;

/**
 * The handlers of an upload route (`export const { GET, POST, … } = uploadRoute(…)`): POST
 * streams the signed-in person's file to the API as `options` say, with every refusal of
 * streamUpload; routeHandlers() adds the pages' security headers and answers the other methods 405.
 */
export function uploadRoute<R extends Record<string, unknown>>(options: UploadRouteOptions<R>) {
  return routeHandlers({
    POST: (request: Request) => {
      const config = env();
      return streamUpload(request, { webOrigin: config.WEB_ORIGIN, maxBytes: config.UPLOAD_MAX_BYTES, session: getSession, ...options });
    },
  });
}

/** An upload route for a photo sent as the form part Filedata. */
export function photoUploadRoute<R extends Record<string, unknown>>(label: string, forward: StreamUploadOptions<R>['forward']) {
  return uploadRoute({ field: 'Filedata', label, forward });
}
