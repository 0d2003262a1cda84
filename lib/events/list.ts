import { dateTimeFormat } from '#shared/time/kept.ts';
import { loadPage } from '@/lib/auth/page-session';
import {
  gridSpan,
  lastsDays,
  monthOf,
  monthSpan,
  monthWeeks,
  placeOnDays,
  shiftMonth,
  type CalendarDay,
  type DayEvents,
  type PlaceableEvent,
} from '@/lib/events/calendar';
import { getCachedEventChoices } from '@/lib/events/choices';
import { eventList, type EventListQuery } from '@/lib/events/list-query';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { readerClock } from '@/lib/time/reader-clock';
import type { ReaderClock } from '@/lib/time/zones';
import { routes } from '@/lib/routes';
import { listEvents, listMyEvents, readEventCalendar, type EventFilters, type EventSummary } from '@/lib/social-api/events';

export type EventListRouteProps = { searchParams: Promise<SearchParams> };

export type EventsPageProps = {
  mine: boolean;
  query: EventListQuery;
  clock: ReaderClock & { known: boolean };
  categories: Array<{ id: number; title: string }>;
  /** The list's page; none in the calendar. */
  list?: ListPageData<EventSummary>;
  calendar?: { month: string; caption: string; weekdays: string[]; weeks: CalendarDay[][]; prev: string; next: string; capped: boolean };
  /** One day of the calendar, its events as a list ("+N more" on a day of the month leads here). */
  day?: {
    /** YYYY-MM-DD */
    key: string;
    caption: string;
    events: EventSummary[];
    /** How many events the day has (more than `events` holds: they come DAY_PAGE at a time). */
    total: number;
    /** The page of the day's events, from 1, and whether another follows. */
    page: number;
    more: boolean;
    /** Where the page's events stand in the day's (the first is 1), and the day's last page. */
    from: number;
    lastPage: number;
    capped: boolean;
    prev: string;
    next: string;
    /** The day's month in the calendar, and its name. */
    month: string;
    monthCaption: string;
  };
};

const PAGE_SIZE = 10;
/** The events a day of the month grid shows; "+N more" leads to the day's list. */
const SHOWN = 2;
/** The events of a page of a day's list (GET /events/calendar gives 50 a day at most). */
const DAY_PAGE = 20;
/** Without GET /events/calendar, a month's events are read in pages of 50, at most this many each way. */
const CALENDAR_PAGES = 4;
const CALENDAR_LIMIT = 50;

/**
 * The events a month shows, from a server without GET /events/calendar: lists have no date range;
 * upcoming events come soonest first and past ones most recent first, so each is read page by page
 * until the month is passed.
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
      // Those begun in the span, and a long one begun before it that runs into it (the past list, newest
      // first, stops at the span's start: a long one begun pages before it is not reached here).
      for (const e of batch)
        if (e.start < to && (e.start >= from || (lastsDays(e) && e.end > from)) && !out.some((o) => o.id === e.id)) out.push(e);
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
  const f = dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2023, 0, 1 + i)));
}

/** The words of GET /events/calendar a list's filters give. */
const calendarFilters = (f: EventFilters) => ({ keywords: f.keywords, categoryId: f.categoryId, friends: f.friends });

/** A month's grid: each day's count and first events, in one read (GET /events/calendar), or from the list. */
async function monthDays(
  token: string,
  filters: EventFilters,
  month: string,
  clock: ReaderClock,
  now: number,
): Promise<{ days: Array<DayEvents<PlaceableEvent>>; capped: boolean }> {
  const { first, last } = gridSpan(month);
  const answer = await readEventCalendar(token, { ...calendarFilters(filters), from: first, to: last, zone: clock.zone, perDay: SHOWN });
  if (answer) return answer;
  const { events, capped } = await monthEvents(token, filters, month, now);
  return { days: placeOnDays(events, clock), capped };
}

/** GET /events/calendar's largest `offset`: it counts 5,000 events a span at most, so a page past them is empty. */
const CALENDAR_MAX_OFFSET = 5000;

/** What a page of a day's list holds: its events, the day's count, and where the page stands among the day's. */
type DayPage = Pick<NonNullable<EventsPageProps['day']>, 'events' | 'total' | 'capped' | 'page' | 'more' | 'from' | 'lastPage'>;

/** A page of a day's events as list items (DAY_PAGE of them from `page`'s first), with the day's count. */
async function dayEvents(
  token: string,
  filters: EventFilters,
  day: string,
  page: number,
  clock: ReaderClock,
  now: number,
): Promise<DayPage> {
  const offset = (page - 1) * DAY_PAGE;
  const answer = await readEventCalendar(
    token,
    {
      ...calendarFilters(filters),
      from: day,
      to: day,
      zone: clock.zone,
      perDay: DAY_PAGE,
      offset: Math.min(offset, CALENDAR_MAX_OFFSET),
    },
    true,
  );
  const found = answer
    ? { day: answer.days.find((d) => d.date === day), from: 0, capped: answer.capped }
    : await monthEvents(token, filters, day.slice(0, 7), now).then(({ events, capped }) => ({
        day: placeOnDays(events, clock).find((d) => d.date === day),
        from: offset,
        capped,
      }));
  const events = found.day?.events.slice(found.from, found.from + DAY_PAGE) ?? [];
  const total = found.day?.total ?? 0;
  return {
    events,
    total,
    capped: found.capped,
    page,
    more: total > offset + events.length,
    from: offset + 1,
    lastPage: Math.max(1, Math.ceil(total / DAY_PAGE)),
  };
}

/** A date that is one (YYYY-MM-DD; 2026-02-30 is not), or undefined. */
function realDay(day: string | undefined): string | undefined {
  return day && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : undefined;
}

const shiftDay = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** "December 2026" */
function monthCaption(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 15));
}

/**
 * One page of /events or /events/my from the words of its URL (lib/list-page.ts), or on /events
 * a month calendar (each day's count and first events) or one of its days as a list.
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
  const day = query.view === 'calendar' ? realDay(query.day) : undefined;
  if (day) {
    const { found, categories } = await loadPage(async (s) => {
      const [found, choices] = await Promise.all([
        dayEvents(s.accessToken, filters, day, query.page ?? 1, clock, now),
        getCachedEventChoices(s),
      ]);
      return { found, categories: choices.categories };
    });
    const month = day.slice(0, 7);
    const link = (d: string) => routes.events({ ...query, page: undefined, month: undefined, day: d });
    return {
      mine,
      query,
      clock,
      categories,
      day: {
        key: day,
        caption: dateTimeFormat(clock.locale, {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(Date.parse(`${day}T00:00:00Z`)),
        ...found,
        prev: link(shiftDay(day, -1)),
        next: link(shiftDay(day, 1)),
        month: routes.events({ ...query, page: undefined, day: undefined, month }),
        monthCaption: monthCaption(month, clock.locale),
      },
    };
  }
  const calendarMonth = query.view === 'calendar' ? (query.month ?? monthOf(now, clock.zone)) : undefined;
  if (calendarMonth) {
    const { days, capped, categories } = await loadPage(async (s) => {
      const [month, choices] = await Promise.all([monthDays(s.accessToken, filters, calendarMonth, clock, now), getCachedEventChoices(s)]);
      return { ...month, categories: choices.categories };
    });
    const link = (month: string) => routes.events({ ...query, page: undefined, day: undefined, month });
    const weeks = monthWeeks(calendarMonth, days, clock, now, SHOWN).map((week) =>
      week.map((d) =>
        d.total > d.events.length ? { ...d, more: routes.events({ ...query, page: undefined, month: undefined, day: d.key }) } : d,
      ),
    );
    return {
      mine,
      query,
      clock,
      categories,
      calendar: {
        month: calendarMonth,
        caption: monthCaption(calendarMonth, clock.locale),
        weekdays: weekdayNames(clock.locale),
        weeks,
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
