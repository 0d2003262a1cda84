import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { parseId } from '@/lib/params';
import { routeHandlers } from '@/lib/route-handler';
import { updateEventPhoto } from '@/lib/social-api/events';
import { streamUpload, uploadAnswer } from '@/lib/uploads/stream-upload';

// POST /api/upload/event?id=…: an event's picture (form part `photo`, after the `title` field the
// API's edit requires), streamed on to POST /events/{id}, which keeps every other setting. The
// event form saves the event first, then sends its picture here. Refusals (other sites, size,
// not a photo, signed out) happen in lib/uploads/stream-upload.ts before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({
  POST: (request: Request) => {
    const id = parseId(new URL(request.url).searchParams.get('id') ?? undefined);
    if (id === undefined) return uploadAnswer(404, 'There is no such event.');
    const config = env();
    return streamUpload(request, {
      webOrigin: config.WEB_ORIGIN,
      maxBytes: config.UPLOAD_MAX_BYTES,
      field: 'photo',
      session: getSession,
      label: 'event picture',
      forward: async (token, upload, signal) => {
        await updateEventPhoto(token, id, upload, signal);
        return { id };
      },
    });
  },
});
