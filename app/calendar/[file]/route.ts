import { env } from '@/lib/env';
import { feedIcs } from '@/lib/events/ics';
import { routes } from '@/lib/routes';
import { routeHandlers } from '@/lib/route-handler';
import { readEventFeed } from '@/lib/social-api/event-feeds';

/**
 * GET /calendar/{secret}.ics: a person's calendar feed, as calendar apps poll it (webcal://), with
 * no cookie: the secret is the feed's own read-only grant (docs/api.md, "Extensions": Calendar
 * feeds). A wrong or revoked secret is 404. No member's name is in it.
 */
async function feed(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = (await params).file;
  const secret = file.endsWith('.ics') ? file.slice(0, -4) : '';
  const events = secret ? await readEventFeed(secret) : undefined;
  if (!events)
    return new Response('There is no such calendar feed.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const origin = env().WEB_ORIGIN;
  const body = feedIcs(
    'My events',
    events.map((e) => ({ ...e, url: origin + routes.event(e.id) })),
    new URL(origin).host,
  );
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' } });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: feed });
