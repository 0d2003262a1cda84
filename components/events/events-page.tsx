import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button';
import { ListTab, Pager } from '@/components/ui/list-nav';
import type { CalendarDay } from '@/lib/events/calendar';
import type { EventListQuery } from '@/lib/events/list-query';
import type { ReaderClock } from '@/lib/events/time';
import { routes } from '@/lib/routes';
import type { EventSummary } from '@/lib/social-api/events';
import { EventCard } from './event-card';
import { EventFilters } from './event-filters';
import { MonthGrid } from './month-grid';
import { ZoneSync } from './zone-sync';

export type EventsPageProps = {
  mine: boolean;
  query: EventListQuery;
  clock: ReaderClock & { known: boolean };
  categories: Array<{ id: number; title: string }>;
  /** undefined: the API refused the filters. */
  events?: EventSummary[];
  more: boolean;
  calendar?: { month: string; caption: string; weekdays: string[]; weeks: CalendarDay[][]; prev: string; next: string; capped: boolean };
};

/** /events and /events/my: tabs, filters, list or month calendar, paging. */
export function EventsPage({ mine, query, clock, categories, events, more, calendar }: EventsPageProps) {
  const hrefOf = mine ? routes.myEvents : routes.events;
  const page = query.page ?? 1;
  const base: EventListQuery = { ...query, page: undefined };
  const filtered = Boolean(query.q || query.category || query.sort || query.show);
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ZoneSync serverZone={clock.known ? clock.zone : ''} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{mine ? 'My events' : 'Events'}</h1>
        <Link href={routes.newEvent} className={buttonStyles.primary}>
          Create an event
        </Link>
      </div>
      <nav aria-label="Event lists" className="mt-4 flex gap-1 border-b border-slate-200 dark:border-slate-800">
        <ListTab href={routes.events()} current={!mine}>
          All events
        </ListTab>
        <ListTab href={routes.myEvents()} current={mine && !query.lead}>
          My events
        </ListTab>
        <ListTab href={routes.myEvents({ lead: true })} current={mine && Boolean(query.lead)}>
          Events I organise
        </ListTab>
      </nav>

      <EventFilters action={hrefOf()} query={query} categories={categories} mine={mine} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2" role="group" aria-label="Which events">
          <a href={hrefOf({ ...base, when: undefined })} {...segment(!query.when)}>
            Upcoming
          </a>
          <a href={hrefOf({ ...base, when: 'past', view: undefined, month: undefined })} {...segment(query.when === 'past')}>
            Past
          </a>
        </div>
        {mine ? null : (
          <div className="flex gap-2" role="group" aria-label="Show as">
            <a href={hrefOf({ ...base, view: undefined, month: undefined })} {...segment(!query.view)}>
              List
            </a>
            <a href={hrefOf({ ...base, view: 'calendar', when: undefined })} {...segment(query.view === 'calendar')}>
              Calendar
            </a>
          </div>
        )}
      </div>
      <p className="muted mt-2 text-xs">
        Times are shown in {clock.known ? clock.zone.replace(/_/g, ' ') : 'UTC'}.
        {filtered ? (
          <>
            {' '}
            <a href={hrefOf({ view: query.view, month: query.month, when: query.when, lead: query.lead })} className="link">
              Clear the filters
            </a>
          </>
        ) : null}
      </p>

      {calendar ? (
        <section aria-labelledby="calendar-caption" className="mt-4">
          <div className="flex items-center justify-between gap-3">
            <a href={calendar.prev} className={buttonStyles.secondary} rel="prev">
              <span aria-hidden="true">←</span> Previous month
            </a>
            <h2 id="calendar-caption" className="text-lg font-semibold">
              {calendar.caption}
            </h2>
            <a href={calendar.next} className={buttonStyles.secondary} rel="next">
              Next month <span aria-hidden="true">→</span>
            </a>
          </div>
          <p className="muted mt-1 text-xs">Arrow keys move between days; Page Up and Page Down change the month.</p>
          {calendar.capped ? (
            <p className="muted mt-1 text-xs">This month has more events than the calendar shows; search to narrow it down.</p>
          ) : null}
          <MonthGrid
            caption={calendar.caption}
            weekdays={calendar.weekdays}
            weeks={calendar.weeks}
            eventHref="/events"
            prevHref={calendar.prev}
            nextHref={calendar.next}
          />
        </section>
      ) : events === undefined ? (
        <p role="alert" className="card mt-4">
          These filters could not be used (the category may no longer exist).{' '}
          <a href={hrefOf()} className="link">
            See all events
          </a>
        </p>
      ) : events.length === 0 ? (
        <p className="muted mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          {page > 1
            ? 'No more events.'
            : filtered
              ? 'No events match these filters.'
              : query.when
                ? 'No past events.'
                : 'No upcoming events.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {events.map((e) => (
            <li key={e.id}>
              <EventCard event={e} clock={clock} />
            </li>
          ))}
        </ul>
      )}

      {calendar ? null : <Pager label="Pages of events" page={page} more={more} hrefOf={(n) => hrefOf({ ...query, page: n })} />}
    </div>
  );
}

/** One of a pair of views as links: the current one says so (aria-current) and looks pressed. */
function segment(current: boolean) {
  return {
    'aria-current': current ? ('true' as const) : undefined,
    className: current ? 'btn-ghost bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200' : 'btn-ghost',
  };
}
