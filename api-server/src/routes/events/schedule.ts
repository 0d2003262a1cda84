import { kept } from '#shared/time/kept.ts';

/**
 * Event times. The spec sends start and end as 'YYYY-MM-DD HH:mm:ss' with no zone; we read
 * them as wall-clock times in the event's IANA time zone (`timezone`, default UTC), store unix
 * seconds plus the zone, and show them back in that zone.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A formatter per time zone, each built once (building one is costly; a list formats dozens of times). */
function formatterCache(options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  return kept(1000, (timeZone) => new Intl.DateTimeFormat('en-US', { ...options, timeZone }));
}

const numericFormat = formatterCache({
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Names come from requests: the kept answers are bounded (there are about 600 zones, and their other spellings). */
const canonicalName = kept(2000, (name): string | undefined => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
});

/** The canonical name of an IANA time zone ('europe/paris' → 'Europe/Paris'); undefined when unknown. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!name || name.length > 64) return undefined;
  return canonicalName(name);
}

/** The wall-clock time at `unix` seconds in `timeZone`, by Intl (a few microseconds a call). */
function intlWallTime(unix: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of numericFormat(timeZone).formatToParts(new Date(unix * 1000))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const DAY = 86_400;

/**
 * A zone's offset all through a UTC day (`zone day-number`), or null when it changes that day.
 * Found with Intl at the day's two ends: a zone's offset changes at most once in a day, so equal
 * ends mean one offset all day. 200,000 days kept over all zones (a few MB at most).
 */
const dayOffset = kept(200_000, (key): number | null => {
  const [timeZone, day] = [key.slice(0, key.lastIndexOf(' ')), Number(key.slice(key.lastIndexOf(' ') + 1))];
  const offsetOf = (t: number) => asUtcSeconds(intlWallTime(t, timeZone)) - t;
  const first = offsetOf(day * DAY);
  return first === offsetOf((day + 1) * DAY) ? first : null;
});

/**
 * The wall-clock time at `unix` seconds in `timeZone`. Written by hand over Intl: a month's
 * calendar at a million places hundreds of events, each a few of these, and Intl's
 * formatToParts was a quarter of its time. The zone's offset for the day (Intl, once per zone
 * and day) and plain date arithmetic give the same answer; a day on which the clocks change is
 * read from Intl instant by instant.
 */
export function wallTimeAt(unix: number, timeZone: string): WallTime {
  const offset = dayOffset(`${timeZone} ${Math.floor(unix / DAY)}`);
  if (offset === null) return intlWallTime(unix, timeZone);
  const d = new Date((unix + offset) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const asUtcSeconds = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000;

/** Seconds the zone is ahead of UTC at that instant. */
export function offsetAt(unix: number, timeZone: string): number {
  return asUtcSeconds(wallTimeAt(unix, timeZone)) - unix;
}

/**
 * The instant a wall-clock time names in a zone. A time that occurs twice (clocks going back)
 * is its first occurrence; one that never occurs (clocks going forward) moves forward by the
 * gap, as calendars do (02:30 on a spring-forward night becomes 03:30).
 */
export function instantOf(w: WallTime, timeZone: string): number {
  const local = asUtcSeconds(w);
  const before = local - offsetAt(local - 86400, timeZone);
  const after = local - offsetAt(local + 86400, timeZone);
  const valid = [...new Set([before, after])].sort((a, b) => a - b).filter((t) => asUtcSeconds(wallTimeAt(t, timeZone)) === local);
  return valid[0] ?? before;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * 'YYYY-MM-DD HH:mm:ss' read strictly: the exact form, and a date and time that exist on the
 * calendar (2026-02-30 and 24:00:00 are refused). undefined when it is not one.
 */
export function parseWallTime(text: string): WallTime | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return undefined;
  return { year, month, day, hour, minute, second };
}

/** 'YYYY-MM-DD' of the instant in the zone (the detail's start_date, end_date). */
export function formatDay(unix: number, timeZone: string): string {
  const w = wallTimeAt(unix, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** 'HH:mm', 24-hour, of the instant in the zone (the detail's start_time, end_time). */
export function formatClock(unix: number, timeZone: string): string {
  const w = wallTimeAt(unix, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const humanFormat = formatterCache({
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/**
 * formatHuman's texts, by zone and instant (`zone unix`): ICU's formatting is the costliest part
 * of presenting an event (a month's calendar presents dozens, the same ones read after read).
 */
const humanText = kept(100_000, (key) => {
  const [timeZone, unix] = [key.slice(0, key.lastIndexOf(' ')), Number(key.slice(key.lastIndexOf(' ') + 1))];
  const p: Record<string, string> = {};
  for (const part of humanFormat(timeZone).formatToParts(new Date(unix * 1000))) if (part.type !== 'literal') p[part.type] = part.value;
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
});

/**
 * The list items' start_datetime: 'Saturday, December 5, 2026 at 7:00 PM UTC', the zone by its
 * short name ('EST', 'GMT+1'). Assembled from parts so that ICU's choice of joining words
 * cannot change the text.
 */
export function formatHuman(unix: number, timeZone: string): string {
  return humanText(`${timeZone} ${unix}`);
}
