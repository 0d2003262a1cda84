import { routes } from '@/lib/routes';
import { listEventsILead, listMyEvents } from '@/lib/social-api/events';

const CAP = 50;

/**
 * The overview's events card (a server component; the dashboard overview places it): how many
 * upcoming events I am in, and how many requests to join wait for me, each a link.
 */
export async function EventsSummary({ token }: { token: string }) {
  const [mine, led] = await Promise.all([listMyEvents(token, { when: 'upcoming', limit: CAP }), listEventsILead(token, { when: 'upcoming', limit: CAP })]);
  const upcoming = mine.filter((e) => e.rsvp !== 'not_attending' && e.rsvp !== 'requested').length;
  const requests = led.reduce((n, e) => n + (e.counts.requested ?? 0), 0);
  return (
    <section aria-labelledby="summary-events" className="card">
      <h2 id="summary-events" className="font-semibold">
        Events
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        <li>
          <a href={routes.myEvents()} className="link">
            {upcoming >= CAP ? `${CAP}+` : upcoming} upcoming {upcoming === 1 ? 'event' : 'events'}
          </a>
        </li>
        <li>
          <a href={routes.dashboardEvents()} className="link">
            {requests} pending {requests === 1 ? 'request' : 'requests'} to join
          </a>
        </li>
      </ul>
    </section>
  );
}
