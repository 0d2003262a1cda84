import { withAppToken } from '@/lib/auth/page-session';
import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { eventIcs, icsDisposition } from '@/lib/events/ics';
import { parseId } from '@/lib/params';
import { routes } from '@/lib/routes';
import { routeHandlers } from '@/lib/route-handler';
import { getEvent } from '@/lib/social-api/events';

/**
 * "Add to calendar": the event as a .ics file (text/calendar, one VEVENT), read with the
 * signed-in reader's token, or for a visitor with the app's own (what everyone may see: the
 * event's public preview offers it too), so only what the reader may see; 404 otherwise.
 */
async function download(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const id = parseId((await params).id);
  if (id === undefined) return new Response('Not found', { status: 404 });
  const session = await getSession();
  const event = session ? await getEvent(session.accessToken, id) : await withAppToken((token) => getEvent(token, id));
  if (!event) return new Response('Not found', { status: 404 });
  const origin = env().WEB_ORIGIN;
  const body = eventIcs(
    {
      id,
      title: event.title,
      description: event.description,
      location: event.location,
      start: event.start,
      end: event.end,
      updatedAt: event.updatedAt,
      url: origin + routes.event(id),
    },
    new URL(origin).host,
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': icsDisposition(event.title),
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: download });
