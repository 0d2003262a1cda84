import { getOrganiserRequests } from '@/lib/events/organiser';
import { routes } from '@/lib/routes';
import { listMyEvents } from '@/lib/social-api/events';
import { dashboardCard } from './card';
import { SummaryCard } from './summary-card';

/** Upcoming events counted from one page of the list (the API gives no totals). */
const CAP = 50;
const count = (n: number) => (n >= CAP ? `${CAP}+` : String(n));

/**
 * The overview's events, each figure counting exactly what its link lists: the upcoming events of
 * /events/my (those I lead or have any answer in, invitations and my own requests to join
 * included), and the requests to join my events that wait for my answer, as /dashboard/events
 * lists them (read by the same function).
 */
export const eventsCard = dashboardCard({
  key: 'events',
  load: async (s) => {
    const [mine, { requests }] = await Promise.all([
      listMyEvents(s.accessToken, { when: 'upcoming', limit: CAP }),
      getOrganiserRequests(s.accessToken),
    ]);
    return { upcoming: mine.length, requests: requests.length };
  },
  render: ({ upcoming, requests }: { upcoming: number; requests: number }) => (
    <SummaryCard
      title="Your events"
      all={{ href: routes.dashboardEvents(), label: 'Manage your events' }}
      figures={[
        { label: 'Upcoming', value: count(upcoming), href: routes.myEvents() },
        { label: requests === 1 ? 'Request to join' : 'Requests to join', value: String(requests), href: routes.dashboardEvents() },
      ]}
    />
  ),
});
