import { EventCard } from '@/components/events/event-card';
import { segment } from '@/components/ui/list/list-header';
import { Pager } from '@/components/ui/list/pager';
import type { GroupListTab } from '@/lib/groups/group-page';
import { routes } from '@/lib/routes';
import type { EventSummary } from '@/lib/social-api/events';
import type { ReaderClock } from '@/lib/time/zones';
import { GroupHeader } from './group-header';
import { WhoMay } from './who-may';

/**
 * A group's Events tab: its upcoming events, soonest first, or those that have ended, most recent
 * first (`past`), as the events list shows them, and "Create event" for those allowed (auth_event).
 */
export function GroupEventsPage({
  group,
  items,
  page,
  more,
  past,
  clock,
}: GroupListTab<EventSummary> & { past: boolean; clock: ReaderClock }) {
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="events" />
      <section aria-labelledby="group-events" className="mt-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="group-events" className="font-semibold">
            {past ? 'Past events' : 'Upcoming events'}
          </h2>
          {group.can.createEvent ? (
            <a href={routes.newGroupEvent(group.id)} className="btn btn-primary">
              Create event
            </a>
          ) : null}
        </div>
        <div className="mb-4 flex gap-2" role="group" aria-label="Which events">
          <a href={routes.groupEvents(group.id)} {...segment(!past)}>
            Upcoming
          </a>
          <a href={routes.groupEvents(group.id, 1, true)} {...segment(past)}>
            Past
          </a>
        </div>
        {items.length ? (
          <ul className="space-y-3">
            {items.map((event) => (
              <li key={event.id}>
                <EventCard event={event} clock={clock} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            {page > 1 ? 'No more events.' : past ? 'No past events in this group.' : 'No upcoming events in this group.'}
          </p>
        )}
        {group.can.createEvent ? null : <WhoMay group={group} what="event" />}
      </section>
      <Pager label="Pages of events" page={page} more={more} hrefOf={(n) => routes.groupEvents(group.id, n, past)} />
    </article>
  );
}
