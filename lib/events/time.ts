// An event's times as a reader reads them: in the reader's own zone and locale (Intl), with the
// event's own zone named when it differs; an all-day event as dates only. Pure functions,
// shared by the server components of /events, /events/{id}, the calendar and the dashboard.

/** Where and how a reader reads times: an IANA zone and a BCP 47 locale. */
export interface ReaderClock {
  zone: string;
  locale: string;
}

const DEFAULT_CLOCK: ReaderClock = { zone: 'UTC', locale: 'en-US' };

/** A valid IANA zone name (as Intl knows it), else undefined. */
export function validZone(zone: string | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The first locale of an Accept-Language header that Intl supports, else en-US. */
export function localeFrom(acceptLanguage: string | null | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 8)) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a well-formed tag: try the next one.
    }
  }
  return DEFAULT_CLOCK.locale;
}

/** Wall-clock parts of an instant in a zone. */
export function wallParts(ms: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function dayKey(ms: number, zone: string): string {
  const p = wallParts(ms, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

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
    const f = new Intl.DateTimeFormat(clock.locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: eventZone,
    });
    const days = dayKey(start, eventZone) === dayKey(lastDay, eventZone) ? f.format(start) : f.formatRange(start, lastDay);
    return { text: `${days} (all day)`, iso };
  }
  const mine = new Intl.DateTimeFormat(clock.locale, { ...RANGE, timeZone: clock.zone });
  const text = end > start ? mine.formatRange(start, end) : mine.format(start);
  if (sameClock(eventZone, clock.zone, start, end)) return { text, iso };
  const theirs = new Intl.DateTimeFormat(clock.locale, { ...RANGE, timeZone: eventZone });
  return { text, inEventZone: `${end > start ? theirs.formatRange(start, end) : theirs.format(start)} in ${eventZone}`, iso };
}

/** A short time for a calendar cell ("3:00 PM"), in the reader's zone. */
export function formatClockTime(ms: number, clock: ReaderClock): string {
  return new Intl.DateTimeFormat(clock.locale, { hour: 'numeric', minute: '2-digit', timeZone: clock.zone }).format(ms);
}

/** A short date and time for tables ("Sat, Mar 29, 3:00 PM"). */
export function formatShortWhen(ms: number, clock: ReaderClock): string {
  return new Intl.DateTimeFormat(clock.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: clock.zone,
  }).format(ms);
}
