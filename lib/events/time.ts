import { dateTimeFormat } from '#shared/time/kept.ts';
import { dayKey, wallParts, type ReaderClock } from '../time/zones.ts';

// An event's times as a reader reads them: in the reader's own zone and locale (Intl, through
// lib/time/zones.ts), with the event's own zone named when it differs; an all-day event as dates
// only. Pure functions, shared by the server components of /events, /events/{id}, the calendar
// and the dashboard.

/** Whether an event covers whole days in its own zone (starts at midnight and ends at midnight or 23:59). */
export function isAllDay(start: number, end: number, eventZone: string): boolean {
  const s = wallParts(start, eventZone);
  const e = wallParts(end, eventZone);
  return s.hour === 0 && s.minute === 0 && ((e.hour === 0 && e.minute === 0 && end > start) || (e.hour === 23 && e.minute === 59));
}

/** Whether two zones show the same wall clock at these instants. */
function sameClock(a: string, b: string, ...at: number[]): boolean {
  return (
    a === b ||
    at.every((ms) => {
      const x = wallParts(ms, a);
      const y = wallParts(ms, b);
      return x.day === y.day && x.hour === y.hour && x.minute === y.minute;
    })
  );
}

const RANGE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export interface EventWhenText {
  /** In the reader's zone ("Sat, Mar 29, 2031, 3:00 – 9:30 PM EDT"), dates only for an all-day event. */
  text: string;
  /** The same in the event's own zone when it differs ("9:00 PM – 3:30 AM in Europe/Berlin"). */
  inEventZone?: string;
  /** The start as an ISO string (for <time dateTime>). */
  iso: string;
}

/** An event's start and end, as a reader reads them. */
export function formatEventWhen(start: number, end: number, eventZone: string, clock: ReaderClock): EventWhenText {
  const iso = new Date(start).toISOString();
  if (isAllDay(start, end, eventZone)) {
    // A whole day is a day where the event is: the same dates whatever the reader's zone.
    const lastDay = wallParts(end, eventZone).hour === 0 ? end - 1 : end;
    const f = dateTimeFormat(clock.locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: eventZone,
    });
    const days = dayKey(start, eventZone) === dayKey(lastDay, eventZone) ? f.format(start) : f.formatRange(start, lastDay);
    return { text: `${days} (all day)`, iso };
  }
  const mine = dateTimeFormat(clock.locale, { ...RANGE, timeZone: clock.zone });
  const text = end > start ? mine.formatRange(start, end) : mine.format(start);
  if (sameClock(eventZone, clock.zone, start, end)) return { text, iso };
  const theirs = dateTimeFormat(clock.locale, { ...RANGE, timeZone: eventZone });
  return { text, inEventZone: `${end > start ? theirs.formatRange(start, end) : theirs.format(start)} in ${eventZone}`, iso };
}

/** A short time for a calendar cell ("3:00 PM"), in the reader's zone. */
export function formatClockTime(ms: number, clock: ReaderClock): string {
  return dateTimeFormat(clock.locale, { hour: 'numeric', minute: '2-digit', timeZone: clock.zone }).format(ms);
}

/** A short date and time for tables ("Sat, Mar 29, 3:00 PM"). */
export function formatShortWhen(ms: number, clock: ReaderClock): string {
  return dateTimeFormat(clock.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: clock.zone,
  }).format(ms);
}
