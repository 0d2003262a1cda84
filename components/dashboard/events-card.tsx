import { routes } from '@/lib/routes';
import { listEventsILead, listMyEvents } from '@/lib/social-api/events';
import { dashboardCard } from './card';
import { SummaryCard } from './summary-card';

/** Upcoming events counted from one page of each list (the API gives no totals). */
const CAP = 50;
const count = (n: number) => (n >= CAP ? `${CAP}+` : String(n));

/**
 * The overview's events: how many upcoming events I am going to (or may go to, or lead), and how
 * many requests to join my events wait for my answer, each a link into its section.
 */
export const eventsCard = dashboardCard({
  key: 'events',
  load: async (s) => {
    const [mine, led] = await Promise.all([listMyEvents(s.accessToken, { when: 'upcoming', limit: CAP }), listEventsILead(s.accessToken, { when: 'upcoming', limit: CAP })]);
    return {
      upcoming: mine.filter((e) => e.rsvp !== 'not_attending' && e.rsvp !== 'requested').length,
      requests: led.reduce((n, e) => n + (e.counts.requested ?? 0), 0),
    };
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
