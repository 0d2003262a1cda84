import { signInPath } from '@/lib/auth/return-to';
import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { eventIcs, icsFileName } from '@/lib/ics';
import { parseId } from '@/lib/params';
import { routes } from '@/lib/routes';
import { routeHandlers } from '@/lib/route-handler';
import { getEvent } from '@/lib/social-api/events';

/**
 * "Add to calendar": the event as a .ics file (text/calendar, one VEVENT), read with the
 * signed-in reader's token, so only what they may see; 404 for an event they may not see.
 */
async function download(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const id = parseId((await params).id);
  if (id === undefined) return new Response('Not found', { status: 404 });
  const session = await getSession();
  if (!session) return Response.redirect(new URL(signInPath(routes.eventIcs(id)), env().WEB_ORIGIN), 303);
  const event = await getEvent(session.accessToken, id);
  if (!event) return new Response('Not found', { status: 404 });
  const origin = env().WEB_ORIGIN;
  const body = eventIcs(
    { id, title: event.title, description: event.description, location: event.location, start: event.start, end: event.end, updatedAt: event.updatedAt, url: origin + routes.event(id) },
    new URL(origin).host,
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${icsFileName(event.title)}"`,
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: download });
