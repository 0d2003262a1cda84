import { getSession } from '../auth/session.ts';
import { env } from '../env.ts';
import { streamUpload, type StreamUploadOptions } from './stream-upload.ts';

/**
 * The POST handler of a photo upload route: the signed-in person's file (form part Filedata)
 * streamed to the API by `forward`, with every refusal of streamUpload.
 */
export function photoUploadRoute<R extends Record<string, unknown>>(label: string, forward: StreamUploadOptions<R>['forward']) {
  return async function POST(request: Request): Promise<Response> {
    const config = env();
    return streamUpload(request, { webOrigin: config.WEB_ORIGIN, maxBytes: config.UPLOAD_MAX_BYTES, field: 'Filedata', session: getSession, forward, label });
  };
}
