import type { FastifyInstance } from 'fastify';
import { invalidParam } from '../../errors.ts';
import { now } from '../../db/index.ts';
import {
  byStart,
  eventsVersion,
  getEventsInOrder,
  listEventTimesBetween,
  type CalendarPart,
  type EventFilter,
  type EventTimes,
} from '../../data/events.ts';
import { viewerOf } from '../../domain/privacy.ts';
import type { Infer } from '../../http/schemas.ts';
import { extension } from '../../openapi/marks.ts';
import { listFields, LIST_FIELDS, presentEvents, ROW_FIELDS } from './present.ts';
import { listFilterOf, listFilterQuery } from './read.ts';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, instantOf, offsetAt, wallTimeAt } from './schedule.ts';

// GET /events/calendar (extension, issue 50): a month's grid in one read. A calendar shows each
// day's count and its first few events; a busy site holds hundreds of events a month, so reading
// them all as a list (50 a page, every field) and placing them in the client cost the web and the
// API most of a page's time. Here the span's events are read as narrow rows (id and times), placed
// on their days, counted, and only the few a day shows are read whole and presented. Most of a
// month is alike for every reader (open to members, listed, in no group): that part is placed once
// per version of the events and kept, and each reader reads only the rest (migration 037).

const DAY = 86_400;
/** The longest span one read covers: six weeks, a month's grid with the days around it. */
const CALENDAR_MAX_DAYS = 42;
/** Events read per span at most; past it the answer says `capped` (the counts are of the first this many). */
const CALENDAR_MAX_EVENTS = 5000;
/** A zone's day begins at most 14 hours before UTC's (Pacific/Kiritimati) and at most 12 after. */
const ZONE_REACH = 14 * 3600;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000 / DAY;
const dateOf = (n: number) => new Date(n * DAY * 1000).toISOString().slice(0, 10);

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
function parseDate(name: string, text: string): number {
  const n = dayNumber(text);
  if (!Number.isInteger(n) || dateOf(n) !== text) throw invalidParam(name, 'must be a date, YYYY-MM-DD');
  return n;
}

/** When each day from `first` to `last` (day numbers) begins in `zone`, ascending. */
function midnights(first: number, last: number, zone: string): number[] {
  const out: number[] = [];
  for (let n = first; n <= last; n += 1) {
    const d = new Date(n * DAY * 1000);
    out.push(instantOf({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0 }, zone));
  }
  return out;
}

/** The index of the last value ≤ x in ascending `a`, or −1. */
function lastAtOrBefore(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The day an instant is on in a zone (a day number) and how long since that day began (seconds). */
type ZoneDays = (t: number) => { day: number; since: number };

/**
 * A zone's days over the days `first`..`last` and a day either side. A zone whose clocks do not
 * change then (most zones, most months) is one offset: plain arithmetic. One that changes has
 * its midnights reckoned, each a few Intl calls (Intl is the costly part: a calendar of a
 * site in many zones would otherwise pay it per event).
 */
function zoneDays(first: number, last: number, zone: string): ZoneDays {
  const from = (first - 1) * DAY - ZONE_REACH;
  const to = (last + 2) * DAY + ZONE_REACH;
  // Clocks change at most once a week anywhere: the offset at every week's edge tells whether they change at all.
  const offsets = new Set<number>();
  for (let t = from; t < to; t += 7 * DAY) offsets.add(offsetAt(t, zone));
  offsets.add(offsetAt(to, zone));
  if (offsets.size === 1) {
    const offset = offsets.values().next().value!;
    return (t) => {
      const day = Math.floor((t + offset) / DAY);
      return { day, since: t + offset - day * DAY };
    };
  }
  const starts = midnights(first - 1, last + 2, zone);
  return (t) => {
    const i = lastAtOrBefore(starts, t);
    return i < 0 ? { day: -Infinity, since: 0 } : { day: first - 1 + i, since: t - starts[i]! };
  };
}

/** Whether an event is a whole day's (or days'): from midnight to a midnight, or to 23:59, in its own zone. */
function isAllDay(e: EventTimes): boolean {
  const s = wallTimeAt(e.start_time, e.timezone);
  if (s.hour !== 0 || s.minute !== 0) return false;
  const end = wallTimeAt(e.end_time, e.timezone);
  return (end.hour === 0 && end.minute === 0 && e.end_time > e.start_time) || (end.hour === 23 && end.minute === 59);
}

/**
 * Places events on the days `first`..`last` (day numbers) as a calendar shows them, giving the
 * first and last day of the span each is on: an event on the day it begins in the reader's zone,
 * and one of a day or more on every day it runs into too (a shorter one past midnight stays on
 * its first day, as in the month views of the common calendars); an all-day one on the dates it
 * has where it happens, whatever the reader's zone (a holiday in Berlin is on the 25th in New York
 * too). Undefined for an event outside the span. Each zone is reckoned once per span, not per event.
 */
function dayPlacer(first: number, last: number, zone: string): (e: EventTimes) => [number, number] | undefined {
  const zones = new Map<string, ZoneDays>();
  const daysIn = (z: string) => {
    let d = zones.get(z);
    if (!d) {
      d = zoneDays(first, last, z);
      zones.set(z, d);
    }
    return d;
  };
  return (e) => {
    const own = daysIn(e.timezone)(e.start_time);
    // Only an event beginning within a minute of its zone's midnight may be a whole day's.
    const allDay = own.since < 60 && isAllDay(e);
    const days = daysIn(allDay ? e.timezone : zone);
    const begins = allDay ? own.day : days(e.start_time).day;
    // The day of its last second: one ending at midnight is not on the day that midnight begins.
    const ends = allDay || e.end_time - e.start_time >= DAY ? days(e.end_time - 1).day : begins;
    const from = Math.max(begins, first);
    const to = Math.min(ends, last);
    return from <= to ? [from, to] : undefined;
  };
}

/** A day of a span: how many events are on it, and its first few (by start, then id). */
interface PlacedDay {
  total: number;
  events: EventTimes[];
}

/** The days of a span that have events, by day number. */
type PlacedDays = ReadonlyMap<number, PlacedDay>;

/**
 * Places events on the days of a span: each day with its count and its first `perDay` (by start,
 * then id: `events` comes in that order, those begun before the span first).
 */
function placeOnDays(events: readonly EventTimes[], place: (e: EventTimes) => [number, number] | undefined, perDay: number): PlacedDays {
  const days = new Map<number, PlacedDay>();
  for (const e of events) {
    const span = place(e);
    if (span === undefined) continue;
    for (let n = span[0]; n <= span[1]; n += 1) {
      let day = days.get(n);
      if (!day) {
        day = { total: 0, events: [] };
        days.set(n, day);
      }
      day.total += 1;
      if (day.events.length < perDay) day.events.push(e);
    }
  }
  return days;
}

/** The days of two parts of a span's events (no event in both) as one; neither is changed. */
function mergeDays(a: PlacedDays, b: PlacedDays, perDay: number): PlacedDays {
  if (b.size === 0) return a;
  const days = new Map(a);
  for (const [n, day] of b) {
    const other = days.get(n);
    days.set(n, other ? { total: other.total + day.total, events: [...other.events, ...day.events].sort(byStart).slice(0, perDay) } : day);
  }
  return days;
}

/**
 * The common events of a span placed on its days (data/events.ts COMMON_EVENT: alike for every
 * signed-in reader), as read at a version of the events; `read` is how many were read.
 */
interface KeptPart {
  version: number;
  read: number;
  days: PlacedDays;
  /** Its events as presented with `fields`, once asked for with fields of their rows alone (ROW_FIELDS: alike for every reader). */
  shown?: { fields: string; events: ReadonlyMap<number, Presented> };
  /**
   * The whole answer, as sent, for a reader whose own part puts nothing on the span (most readers
   * of most months), by the fields (of ROW_FIELDS alone) and offset asked for: alike for each.
   */
  answers?: Map<string, string>;
}

/** Whole answers kept per part at most (a reader may page a day through many offsets). */
const KEPT_ANSWERS = 8;

type Presented = Record<string, unknown>;

/** The ids of the events on the days, each once (an event of several days is read and presented once). */
const idsOn = (days: PlacedDays) => [...new Set([...days.values()].flatMap((d) => d.events.map((e) => e.id)))];

/** Spans kept at most, per API instance (when full, they are let go all at once and kept again as asked for). */
const KEPT_PARTS = 200;

/** A list filter that narrows nothing (the calendar's own view): the one whose common part is kept. */
const narrowsNothing = (f: EventFilter) =>
  !f.keywords && f.categoryId === undefined && f.userId === undefined && f.groupId === undefined && !f.onlyFriends;

const calendarQuery = {
  type: 'object',
  required: ['from', 'to'],
  properties: {
    from: { type: 'string', maxLength: 10, description: 'The first day, YYYY-MM-DD.' },
    to: { type: 'string', maxLength: 10, description: `The last day, YYYY-MM-DD (at most ${CALENDAR_MAX_DAYS} days from the first).` },
    tz: { type: 'string', maxLength: 64, description: "The reader's IANA time zone, whose days the calendar shows (UTC without it)." },
    per_day: { type: 'integer', minimum: 1, maximum: 50, default: 3, description: 'How many of each day’s events to give whole.' },
    offset: {
      type: 'integer',
      minimum: 0,
      maximum: CALENDAR_MAX_EVENTS,
      default: 0,
      description: 'How many of each day’s first events to pass over before those given (a day’s list read page by page).',
    },
    ...listFilterQuery,
    fields: { type: 'string', description: 'As in GET /events.' },
  },
} as const;

export default async function eventCalendarRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const keptParts = new Map<string, KeptPart>();
  app.get<{ Querystring: Infer<typeof calendarQuery> }>(
    '/calendar',
    {
      schema: {
        summary: 'The events of a span of days, as a month calendar shows them: each day’s count and its first events',
        ...extension('A month of a busy site holds hundreds of events; a calendar needs their days and counts, not every one.'),
        querystring: calendarQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const fields = listFields(q.fields, LIST_FIELDS);
      const first = parseDate('from', q.from);
      const last = parseDate('to', q.to);
      if (last < first || last - first >= CALENDAR_MAX_DAYS)
        throw invalidParam('to', `must be on or after from, at most ${CALENDAR_MAX_DAYS} days on`);
      const zone = q.tz === undefined ? DEFAULT_TIME_ZONE : canonicalTimeZone(q.tz);
      if (zone === undefined) throw invalidParam('tz', 'must be an IANA time zone');
      const me = req.auth.userId;
      if (q.view === 'only_my_friend' && me === null) return { success: true, data: { days: [], capped: false } };
      const filter = listFilterOf(q, me, 'all', now());
      const place = dayPlacer(first, last, zone);
      const offset = q.offset ?? 0;
      // Each day's events are placed up to the last one given; the first `offset` are cut at the end.
      const perDay = offset + (q.per_day ?? 3);
      // Every event that may fall on the span's days, in any zone: a day begins 14 hours either side of UTC's at most.
      const read = (part: CalendarPart) =>
        listEventTimesBetween(db, filter, first * DAY - ZONE_REACH, (last + 1) * DAY + ZONE_REACH, CALENDAR_MAX_EVENTS + 1, part);
      const rowFieldsOnly = fields.every((f) => ROW_FIELDS.has(f));
      const present = async (ids: number[]): Promise<Map<number, Presented>> => {
        const rows = await getEventsInOrder(db, ids, fields.includes('description'));
        const presented = await presentEvents(db, app.config, viewerOf(db, me), rows, fields);
        return new Map(rows.map((r, i) => [r.id, presented[i]!]));
      };
      /** The answer for the days placed: each day's events from the offset on, presented. */
      const answer = async (placed: PlacedDays, capped: boolean, part: KeptPart | undefined) => {
        // Each day's events from the offset on (a day's count is always all of them).
        const given: PlacedDays = offset
          ? new Map([...placed].map(([n, d]) => [n, { total: d.total, events: d.events.slice(offset) }]))
          : placed;
        const days = [...given.entries()]
          .sort(([a], [b]) => a - b)
          .map(([n, d]) => ({ date: dateOf(n), total: d.total, events: d.events.map((e) => e.id) }));
        const ids = idsOn(given);
        let shown: (id: number) => Presented | undefined;
        if (part && rowFieldsOnly) {
          // The kept part's events are presented once per version too; only the reader's own part is read and presented here.
          const asked = fields.join();
          if (part.shown?.fields !== asked) part.shown = { fields: asked, events: await present(idsOn(part.days)) };
          const kept = part.shown.events;
          const own = await present(ids.filter((id) => !kept.has(id)));
          shown = (id) => kept.get(id) ?? own.get(id);
        } else {
          const all = await present(ids);
          shown = (id) => all.get(id);
        }
        return {
          success: true,
          data: { days: days.map((d) => ({ date: d.date, total: d.total, events: d.events.flatMap((id) => shown(id) ?? []) })), capped },
        };
      };
      let placed: PlacedDays | undefined;
      let common: KeptPart | undefined;
      let capped = false;
      if (narrowsNothing(filter)) {
        // Most of a busy month is alike for every reader: placed once per version of the events
        // and kept; each reader reads only the rest (migration 037).
        const key = `${me === null ? 'visitor' : 'member'} ${first} ${last} ${zone} ${perDay}`;
        const version = await eventsVersion(db);
        common = keptParts.get(key);
        if (common?.version !== version) {
          const times = await read('common');
          common = { version, read: times.length, days: placeOnDays(times, place, perDay) };
          if (keptParts.size >= KEPT_PARTS) keptParts.clear();
          keptParts.set(key, common);
        }
        const rest = await read('uncommon');
        // Past the cap, the counts are of the first events by start, which one read gives.
        if (common.read + rest.length <= CALENDAR_MAX_EVENTS) {
          const own = placeOnDays(rest, place, perDay);
          if (own.size === 0 && rowFieldsOnly) {
            // Nothing of the reader's own on these days: the answer is the kept part's alone, alike
            // for every such reader, and is kept as sent (a busy month's is ~10 KB of JSON).
            const asked = `${fields.join()} ${offset}`;
            let text = common.answers?.get(asked);
            if (text === undefined) {
              text = JSON.stringify(await answer(common.days, false, common));
              if (!common.answers || common.answers.size >= KEPT_ANSWERS) common.answers = new Map();
              common.answers.set(asked, text);
            }
            return reply.type('application/json; charset=utf-8').send(text);
          }
          placed = mergeDays(common.days, own, perDay);
        }
      }
      if (placed === undefined) {
        const times = await read('all');
        capped = times.length > CALENDAR_MAX_EVENTS;
        placed = placeOnDays(times.slice(0, CALENDAR_MAX_EVENTS), place, perDay);
      }
      return answer(placed, capped, common);
    },
  );
}
