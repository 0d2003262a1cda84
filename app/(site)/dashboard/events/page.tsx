import type { Metadata } from 'next';
import { CalendarFeed } from '@/components/events/calendar-feed';
import { OrganiserDashboard } from '@/components/events/organiser-dashboard';
import { env } from '@/lib/env';
import { listEventFeeds } from '@/lib/social-api/event-feeds';
import { loadPage } from '@/lib/auth/page-session';
import { getOrganiserRequests } from '@/lib/events/organiser';
import { loadItemMessageCounts } from '@/lib/messages/item-counts';
import { readerClock } from '@/lib/time/reader-clock';

export const metadata: Metadata = { title: 'Your events · Dashboard' };

/** The organiser's events: a table of the events I lead (past ones on request, the conversations about each) and every pending request. */
export default async function DashboardEventsRoute({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const past = (await searchParams).when === 'past';
  const [[{ events, requests }, feeds, messages], clock] = await Promise.all([
    loadPage((s) =>
      Promise.all([getOrganiserRequests(s.accessToken, past), listEventFeeds(s.accessToken), loadItemMessageCounts(s, 'event')]),
    ),
    readerClock(),
  ]);
  const origin = env().WEB_ORIGIN;
  return (
    <OrganiserDashboard
      past={past}
      events={events}
      requests={requests}
      clock={clock}
      messages={messages}
      // A server without calendar feeds (an extension of the API): no section for them.
      feed={feeds && <CalendarFeed feedId={feeds[0]?.id} host={new URL(origin).host} origin={origin} />}
    />
  );
}
