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
  events: CalendarEvent[];
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

/** The weeks of a month, each day with its events (by start, in the reader's zone). */
export function monthWeeks(
  month: string,
  events: ReadonlyArray<{ id: number; title: string; start: number; end: number; timeZone: string }>,
  clock: ReaderClock,
  now: number,
): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const gridStart = Date.UTC(y, m - 1, 1 - first.getUTCDay());
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of [...events].sort((a, b) => a.start - b.start)) {
    const key = dayKey(e.start, isAllDay(e.start, e.end, e.timeZone) ? e.timeZone : clock.zone);
    const list = byDay.get(key) ?? [];
    list.push({ id: e.id, title: e.title, time: isAllDay(e.start, e.end, e.timeZone) ? 'All day' : formatClockTime(e.start, clock) });
    byDay.set(key, list);
  }
  const today = dayKey(now, clock.zone);
  const words = new Intl.DateTimeFormat(clock.locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < 6; w += 1) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d += 1) {
      const date = new Date(gridStart + (w * 7 + d) * 86_400_000);
      const key = date.toISOString().slice(0, 10);
      week.push({
        key,
        day: date.getUTCDate(),
        label: words.format(date),
        inMonth: date.getUTCMonth() === m - 1,
        today: key === today,
        events: byDay.get(key) ?? [],
      });
    }
    // A sixth week wholly in the next month is left out.
    if (w < 4 || week.some((x) => x.inMonth)) weeks.push(week);
  }
  return weeks;
}
