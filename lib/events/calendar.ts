import { dateTimeFormat } from '#shared/time/kept.ts';
import { dayKey, type ReaderClock } from '../time/zones.ts';
import { formatClockTime, isAllDay } from './time.ts';

// The month calendar of /events: which days a month shows (whole weeks, Sunday first) and which
// events fall on each, in the reader's zone. Pure, so the grid is built on the server.

export interface CalendarEvent {
  id: number;
  title: string;
  /** "3:00 PM", or "All day". */
  time: string;
}

export interface CalendarDay {
  /** YYYY-MM-DD */
  key: string;
  day: number;
  /** The date in words, for screen readers ("Friday, January 15"). */
  label: string;
  inMonth: boolean;
  today: boolean;
  /** How many events the day has; `events` holds the first few. */
  total: number;
  events: CalendarEvent[];
  /** The day's list, where the rest are ("+N more"). */
  more?: string;
}

/** The month (YYYY-MM) an instant is in, in a zone. */
export function monthOf(ms: number, zone: string): string {
  return dayKey(ms, zone).slice(0, 7);
}

/** The month before or after (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The instants a month spans in a zone, a day either side (what to read from the API). */
export function monthSpan(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1) - 86_400_000 * 2, to: Date.UTC(y, m, 1) + 86_400_000 * 2 };
}

/** What a calendar places on a day: an event's name and when, in its own zone. */
export interface PlaceableEvent {
  id: number;
  title: string;
  start: number;
  end: number;
  timeZone: string;
}

/** A day with its count and the events it shows (YYYY-MM-DD). */
export interface DayEvents<E> {
  date: string;
  total: number;
  events: E[];
}

const DAY_MS = 86_400_000;
/** The most days one event is placed on here (a year): a longer one is on the first year of them. */
const MAX_EVENT_DAYS = 366;

/** Whether an event lasts a day or more, and so is on every day it runs into. */
export const lastsDays = (e: Pick<PlaceableEvent, 'start' | 'end'>) => e.end - e.start >= DAY_MS;

/**
 * The days (YYYY-MM-DD) a calendar shows an event on, as GET /events/calendar places it: the day
 * it begins in the reader's zone, and every day it runs into when it lasts a day or more (a
 * shorter one past midnight stays on its first day); an all-day one on the dates it has in its
 * own zone. The last day is that of its last moment: one ending at midnight is not on the day
 * that midnight begins.
 */
function eventDays(e: Pick<PlaceableEvent, 'start' | 'end' | 'timeZone'>, zone: string): string[] {
  const allDay = isAllDay(e.start, e.end, e.timeZone);
  const inZone = allDay ? e.timeZone : zone;
  const first = dayKey(e.start, inZone);
  const last = allDay || lastsDays(e) ? dayKey(e.end - 1, inZone) : first;
  const days = [first];
  for (let t = Date.parse(`${first}T00:00:00Z`) + DAY_MS; days.length < MAX_EVENT_DAYS; t += DAY_MS) {
    const key = new Date(t).toISOString().slice(0, 10);
    if (key > last) break;
    days.push(key);
  }
  return days;
}

/**
 * Events on the days a calendar shows them on (eventDays), by start on each day. For a server
 * without GET /events/calendar.
 */
export function placeOnDays<E extends PlaceableEvent>(events: readonly E[], clock: ReaderClock): Array<DayEvents<E>> {
  const byDay = new Map<string, E[]>();
  for (const e of [...events].sort((a, b) => a.start - b.start || a.id - b.id)) {
    for (const key of eventDays(e, clock.zone)) byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, list]) => ({ date, total: list.length, events: list }));
}

/** When an event is on a day of the grid: its start on its first day, "Until" its end on its last, else "All day". */
function timeOnDay(e: PlaceableEvent, key: string, clock: ReaderClock): string {
  if (isAllDay(e.start, e.end, e.timeZone)) return 'All day';
  if (key === dayKey(e.start, clock.zone)) return formatClockTime(e.start, clock);
  if (key === dayKey(e.end - 1, clock.zone)) return `Until ${formatClockTime(e.end, clock)}`;
  return 'All day';
}

/** The days a month's grid shows, whole weeks Sunday first: its first and last (YYYY-MM-DD). */
export function gridSpan(month: string): { first: string; last: string } {
  const weeks = gridWeeks(month);
  return { first: weeks[0]![0]!, last: weeks.at(-1)![6]! };
}

/** The weeks of a month's grid, each day's YYYY-MM-DD (a sixth week wholly in the next month left out). */
function gridWeeks(month: string): string[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const gridStart = Date.UTC(y, m - 1, 1 - new Date(Date.UTC(y, m - 1, 1)).getUTCDay());
  const weeks: string[][] = [];
  for (let w = 0; w < 6; w += 1) {
    const week = Array.from({ length: 7 }, (_, d) => new Date(gridStart + (w * 7 + d) * 86_400_000).toISOString().slice(0, 10));
    if (w < 4 || week.some((key) => key.startsWith(month))) weeks.push(week);
  }
  return weeks;
}

/** The weeks of a month, each day with its count and the events it shows. */
export function monthWeeks(
  month: string,
  days: ReadonlyArray<DayEvents<PlaceableEvent>>,
  clock: ReaderClock,
  now: number,
  shown: number,
): CalendarDay[][] {
  const byDay = new Map(days.map((d) => [d.date, d]));
  const today = dayKey(now, clock.zone);
  const words = dateTimeFormat(clock.locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return gridWeeks(month).map((week) =>
    week.map((key) => {
      const date = new Date(`${key}T00:00:00Z`);
      const found = byDay.get(key);
      return {
        key,
        day: date.getUTCDate(),
        label: words.format(date),
        inMonth: key.startsWith(month),
        today: key === today,
        total: found?.total ?? 0,
        events: (found?.events ?? []).slice(0, shown).map((e) => ({
          id: e.id,
          title: e.title,
          time: timeOnDay(e, key, clock),
        })),
      };
    }),
  );
}
