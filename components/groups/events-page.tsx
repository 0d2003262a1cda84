import { EventCard } from '@/components/events/event-card';
import { Pager } from '@/components/ui/list/pager';
import type { GroupListTab } from '@/lib/groups/group-page';
import { routes } from '@/lib/routes';
import type { EventSummary } from '@/lib/social-api/events';
import type { ReaderClock } from '@/lib/time/zones';
import { GroupHeader } from './group-header';
import { WhoMay } from './who-may';

/** A group's Events tab: its upcoming events, soonest first, as the events list shows them, and "Create event" for those allowed (auth_event). */
export function GroupEventsPage({ group, items, page, more, clock }: GroupListTab<EventSummary> & { clock: ReaderClock }) {
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="events" />
      <section aria-labelledby="group-events" className="mt-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="group-events" className="font-semibold">
            Upcoming events
          </h2>
          {group.can.createEvent ? (
            <a href={routes.newGroupEvent(group.id)} className="btn btn-primary">
              Create event
            </a>
          ) : null}
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
          <p className="muted">{page > 1 ? 'No more events.' : 'No upcoming events in this group.'}</p>
        )}
        {group.can.createEvent ? null : <WhoMay group={group} what="event" />}
      </section>
      <Pager label="Pages of events" page={page} more={more} hrefOf={(n) => routes.groupEvents(group.id, n)} />
    </article>
  );
}
