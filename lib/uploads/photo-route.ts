import { getSession } from '../auth/session.ts';
import { env } from '../env.ts';
import { routeHandlers } from '../route-handler.ts';
import { parseId } from '../params.ts';
import type { UploadStream } from '../social-api/albums.ts';
import { streamUpload, uploadAnswer, type StreamUploadOptions } from './stream-upload.ts';

/** What an upload route says of its own: the file part, where it goes, what it checks and answers. */
export type UploadRouteOptions<R> = Omit<StreamUploadOptions<R>, 'webOrigin' | 'maxBytes' | 'session'>;

/**
 * The handlers of an upload route (`export const { GET, POST, … } = uploadRoute(…)`): POST
 * streams the signed-in person's file to the API as `options` say, with every refusal of
 * streamUpload, up to `maxBytes` of the web server's settings (a photo's UPLOAD_MAX_BYTES unless said);
 * routeHandlers() adds the pages' security headers and answers the other methods 405.
 */
export function uploadRoute<R extends Record<string, unknown>>(
  options: UploadRouteOptions<R>,
  maxBytes: (config: ReturnType<typeof env>) => number = (config) => config.UPLOAD_MAX_BYTES,
) {
  return routeHandlers({
    POST: (request: Request) => {
      const config = env();
      return streamUpload(request, { webOrigin: config.WEB_ORIGIN, maxBytes: maxBytes(config), session: getSession, ...options });
    },
  });
}

/** An upload route for a photo sent as the form part Filedata. */
export function photoUploadRoute<R extends Record<string, unknown>>(label: string, forward: StreamUploadOptions<R>['forward']) {
  return uploadRoute({ field: 'Filedata', label, forward });
}

/**
 * The route of an item's picture (`POST /api/upload/<noun>?id=…`, form part `photo`), streamed on
 * to the item's edit by `update`, which keeps every other setting: the item's form saves it first,
 * then sends its picture here.
 */
export function pictureUploadRoute(
  noun: string,
  update: (token: string, id: number, upload: UploadStream, signal?: AbortSignal) => Promise<void>,
) {
  return routeHandlers({
    POST: (request: Request) => {
      const id = parseId(new URL(request.url).searchParams.get('id') ?? undefined);
      if (id === undefined) return uploadAnswer(404, `There is no such ${noun}.`);
      const config = env();
      return streamUpload(request, {
        webOrigin: config.WEB_ORIGIN,
        maxBytes: config.UPLOAD_MAX_BYTES,
        field: 'photo',
        session: getSession,
        label: `${noun} picture`,
        forward: async (token, upload, signal) => {
          await update(token, id, upload, signal);
          return { id };
        },
      });
    },
  });
}
