import { buttonStyles } from '@/components/ui/button';
import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, FriendsFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs, segment } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import { ZoneSync } from '@/components/ui/zone-sync';
import type { EventsPageProps } from '@/lib/events/list';
import { eventList, type EventListQuery } from '@/lib/events/list-query';
import { chipsOf } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { EventCard } from './event-card';
import { MonthGrid } from './month-grid';

/** The orders besides the start time, as the sort filter and its chip say them. */
const SORTS = { created: 'Newest first', members: 'Most people going' } as const;

/** /events and /events/my (the list-page kit, components/ui/list/): tabs, filters, list or month calendar, paging. */
export function EventsPage({ mine, query, clock, categories, list, calendar }: EventsPageProps) {
  const hrefOf = mine ? routes.myEvents : routes.events;
  const base: EventListQuery = { ...query, page: undefined };
  // The view (list or calendar, its month, upcoming or past, the events I lead) is not a filter: it stays.
  const unfiltered = hrefOf({ view: query.view, month: query.month, when: query.when, lead: query.lead });
  const chips = chipsOf(
    query,
    hrefOf,
    [
      [query.show && 'Organised by your friends', 'show'],
      [query.sort && SORTS[query.sort], 'sort'],
    ],
    categories,
  );
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ZoneSync serverZone={clock.known ? clock.zone : ''} />
      <ListHeader title={mine ? 'My events' : 'Events'} action={{ href: routes.newEvent, label: 'Create an event' }} />
      <ListTabs
        label="Event lists"
        tabs={[
          { href: routes.events(), label: 'All events', current: !mine },
          { href: routes.myEvents(), label: 'My events', current: mine && !query.lead },
          { href: routes.myEvents({ lead: true }), label: 'Events I organise', current: mine && Boolean(query.lead) },
        ]}
      />

      <ListFilters label="Filter events" words={eventList.words} query={query} hrefOf={hrefOf} keep={['view', 'month', 'when', 'lead']}>
        {/* /events/my has no category, friends or sort filters (the API offers none there). */}
        {mine ? null : (
          <>
            <CategoryFilter value={query.category} categories={categories} />
            <FriendsFilter label="Organised by" value={query.show} />
            <SortFilter value={query.sort} options={{ '': 'Start time', ...SORTS }} />
          </>
        )}
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={unfiltered} />

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
      <p className="muted mt-2 text-xs">Times are shown in {clock.known ? clock.zone.replace(/_/g, ' ') : 'UTC'}.</p>

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
      ) : list ? (
        <>
          <ListResults
            list={list}
            noun={['event', 'events']}
            filtered={chips.length > 0}
            clearHref={unfiltered}
            empty={query.when ? 'No past events.' : 'No upcoming events.'}
            item={(event) => <EventCard event={event} clock={clock} />}
          />
          <Pager label="Pages of events" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
        </>
      ) : null}
    </div>
  );
}
