import { loadPage } from '@/lib/auth/page-session';
import { monthOf, monthSpan, monthWeeks, shiftMonth, type CalendarDay } from '@/lib/events/calendar';
import { getCachedEventChoices } from '@/lib/events/choices';
import { eventList, type EventListQuery } from '@/lib/events/list-query';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { readerClock } from '@/lib/time/reader-clock';
import type { ReaderClock } from '@/lib/time/zones';
import { routes } from '@/lib/routes';
import { listEvents, listMyEvents, type EventFilters, type EventSummary } from '@/lib/social-api/events';

export type EventListRouteProps = { searchParams: Promise<SearchParams> };

export type EventsPageProps = {
  mine: boolean;
  query: EventListQuery;
  clock: ReaderClock & { known: boolean };
  categories: Array<{ id: number; title: string }>;
  /** The list's page; none in the calendar. */
  list?: ListPageData<EventSummary>;
  calendar?: { month: string; caption: string; weekdays: string[]; weeks: CalendarDay[][]; prev: string; next: string; capped: boolean };
};

const PAGE_SIZE = 10;
/** The calendar reads a month's events in pages of 50, at most this many each way. */
const CALENDAR_PAGES = 4;
const CALENDAR_LIMIT = 50;

/**
 * The events a month shows. The API has no date range: upcoming events come soonest first and
 * past ones most recent first, so each is read page by page until the month is passed.
 */
async function monthEvents(
  token: string,
  filters: EventFilters,
  month: string,
  now: number,
): Promise<{ events: EventSummary[]; capped: boolean }> {
  const { from, to } = monthSpan(month);
  const out: EventSummary[] = [];
  let capped = false;
  const walk = async (when: 'upcoming' | 'past', done: (e: EventSummary) => boolean) => {
    for (let page = 1; page <= CALENDAR_PAGES; page += 1) {
      const batch = await listEvents(token, { ...filters, sort: undefined, when, page, limit: CALENDAR_LIMIT });
      for (const e of batch) if (e.start >= from && e.start < to && !out.some((o) => o.id === e.id)) out.push(e);
      if (batch.length < CALENDAR_LIMIT || batch.some(done)) return;
      if (page === CALENDAR_PAGES) capped = true;
    }
  };
  await Promise.all([
    to > now ? walk('upcoming', (e) => e.start >= to) : undefined,
    from < now ? walk('past', (e) => e.start < from) : undefined,
  ]);
  return { events: out, capped };
}

function weekdayNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2023, 0, 1 + i)));
}

/**
 * One page of /events or /events/my from the words of its URL (lib/list-page.ts), or on /events
 * a month calendar. The calendar is the one view that reads more than once: the API has no date
 * range, so a month's events are read page by page each way (monthEvents).
 */
export async function loadEventList(mine: boolean, { searchParams }: EventListRouteProps): Promise<EventsPageProps> {
  const parsed = eventList.parse(await searchParams);
  // One's own events have no category, friends, sort or calendar (the API offers none there);
  // everyone's are not "the ones I lead".
  const query: EventListQuery = mine
    ? { q: parsed.q, when: parsed.when, lead: parsed.lead, page: parsed.page }
    : { ...parsed, lead: undefined };
  const clock = await readerClock();
  const now = Date.now();
  const filters: EventFilters = {
    keywords: query.q,
    categoryId: query.category,
    friends: query.show === 'friends',
    sort: query.sort === 'created' ? 'creation_date' : query.sort === 'members' ? 'member_count' : undefined,
    when: query.when === 'past' ? 'past' : 'upcoming',
  };
  const calendarMonth = query.view === 'calendar' ? (query.month ?? monthOf(now, clock.zone)) : undefined;
  if (calendarMonth) {
    const { events, capped, categories } = await loadPage(async (s) => {
      const [month, choices] = await Promise.all([monthEvents(s.accessToken, filters, calendarMonth, now), getCachedEventChoices(s)]);
      return { ...month, categories: choices.categories };
    });
    const [y, m] = calendarMonth.split('-').map(Number) as [number, number];
    const caption = new Intl.DateTimeFormat(clock.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(y, m - 1, 15),
    );
    const link = (month: string) => routes.events({ ...query, page: undefined, month });
    return {
      mine,
      query,
      clock,
      categories,
      calendar: {
        month: calendarMonth,
        caption,
        weekdays: weekdayNames(clock.locale),
        weeks: monthWeeks(calendarMonth, events, clock, now),
        prev: link(shiftMonth(calendarMonth, -1)),
        next: link(shiftMonth(calendarMonth, 1)),
        capped,
      },
    };
  }
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    (s, paging) =>
      mine
        ? listMyEvents(s.accessToken, { keywords: query.q, lead: query.lead, when: filters.when, ...paging })
        : listEvents(s.accessToken, { ...filters, ...paging }),
    getCachedEventChoices,
  );
  return { mine, query, clock, categories: choices.categories, list };
}
