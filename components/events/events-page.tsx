import { buttonStyles } from '@/components/ui/button';
import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, FriendsFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs, segment } from '@/components/ui/list/list-header';
import { EmptyState, ListResults } from '@/components/ui/list/list-results';
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
export function EventsPage({ mine, query, clock, categories, list, calendar, day }: EventsPageProps) {
  const hrefOf = mine ? routes.myEvents : routes.events;
  const base: EventListQuery = { ...query, page: undefined };
  // The view (list or calendar, its month, upcoming or past, the events I lead) is not a filter: it stays.
  const unfiltered = hrefOf({ view: query.view, month: query.month, day: query.day, when: query.when, lead: query.lead });
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

      <ListFilters
        label="Filter events"
        words={eventList.words}
        query={query}
        hrefOf={hrefOf}
        keep={['view', 'month', 'day', 'when', 'lead']}
      >
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
        {/* The month calendar holds past and upcoming events alike: neither is current there, and each leads to its list. */}
        <div className="flex gap-2" role="group" aria-label="Which events">
          <a
            href={hrefOf({ ...base, when: undefined, view: undefined, month: undefined, day: undefined })}
            {...segment(!query.when && query.view !== 'calendar')}
          >
            Upcoming
          </a>
          <a
            href={hrefOf({ ...base, when: 'past', view: undefined, month: undefined, day: undefined })}
            {...segment(query.when === 'past')}
          >
            Past
          </a>
        </div>
        {mine ? null : (
          <div className="flex gap-2" role="group" aria-label="Show as">
            <a href={hrefOf({ ...base, view: undefined, month: undefined, day: undefined })} {...segment(!query.view)}>
              List
            </a>
            <a href={hrefOf({ ...base, view: 'calendar', when: undefined })} {...segment(query.view === 'calendar')}>
              Calendar
            </a>
          </div>
        )}
      </div>
      <p className="muted mt-2 text-xs">Times are shown in {clock.known ? clock.zone.replace(/_/g, ' ') : 'UTC'}.</p>

      {day ? (
        <section aria-labelledby="day-caption" className="mt-4">
          <PeriodNav id="day-caption" unit="day" caption={day.caption} prev={day.prev} next={day.next} />
          <p className="mt-2 text-sm">
            <a href={day.month} className="link">
              <span aria-hidden="true">↑</span> All of {day.monthCaption}
            </a>
          </p>
          {day.total > day.events.length || day.capped ? (
            <p className="muted mt-1 text-xs">
              {day.events.length && day.total > day.events.length
                ? `Events ${day.from}–${day.from + day.events.length - 1} of ${day.total} this day, by start time. `
                : ''}
              {day.capped ? 'Search or choose a category to narrow them down.' : ''}
            </p>
          ) : null}
          {day.events.length ? (
            <ul className="mt-4 space-y-3">
              {day.events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} clock={clock} level={3} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState clearHref={chips.length ? unfiltered : undefined}>
              {day.page > 1 && day.total ? (
                <>
                  This day’s {day.total} event{day.total > 1 ? 's are' : ' is'} on the pages before this one.{' '}
                  <a href={hrefOf({ ...query, page: day.lastPage })} className="link">
                    Its last page
                  </a>
                </>
              ) : chips.length ? (
                'No events this day match these filters.'
              ) : (
                'No events this day.'
              )}
            </EmptyState>
          )}
          <Pager label="Pages of this day’s events" page={day.page} more={day.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
        </section>
      ) : calendar ? (
        <section aria-labelledby="calendar-caption" className="mt-4">
          <PeriodNav id="calendar-caption" unit="month" caption={calendar.caption} prev={calendar.prev} next={calendar.next} />
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

/** A calendar period's heading between the links to the one before and the one after. */
function PeriodNav({ id, unit, caption, prev, next }: { id: string; unit: 'day' | 'month'; caption: string; prev: string; next: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <a href={prev} className={buttonStyles.secondary} rel="prev">
        <span aria-hidden="true">←</span> Previous {unit}
      </a>
      <h2 id={id} className="text-lg font-semibold">
        {caption}
      </h2>
      <a href={next} className={buttonStyles.secondary} rel="next">
        Next {unit} <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}
