import { sql, type RawBuilder } from 'kysely';
import { now } from '../db/index.ts';
import { offsetAt } from '../routes/events/schedule.ts';

// The reader's days, in their IANA zone, for SQL as for JavaScript: a day is
// floor((t + offset(t)) / 86400) with the zone's offset at t, so that both sides number an
// instant's day the same way. The offsets are the zone's own (summer time included) from 2000
// on, found once per zone with Intl and written into the query as a CASE over its changes.

const DAY = 86_400;
/** Offsets before this are taken as the zone's offset then. */
const SINCE = Date.UTC(2000, 0, 1) / 1000;
/** Changes are searched for a week apart (no zone changes twice in a week), then to the second. */
const STEP = 7 * DAY;

/** From `from` on (until the next span), the zone is `offset` seconds ahead of UTC. */
interface Span {
  from: number;
  offset: number;
}

const known = new Map<string, { until: number; spans: Span[] }>();

/** The zone's spans, newest first (the last one reaching back before 2000); they reach a year ahead. */
function spansOf(zone: string): Span[] {
  const hit = known.get(zone);
  if (hit && hit.until > now() + DAY) return hit.spans;
  const until = now() + 366 * DAY;
  let offset = offsetAt(SINCE, zone);
  const spans: Span[] = [{ from: Number.NEGATIVE_INFINITY, offset }];
  for (let t = SINCE; t < until; t += STEP) {
    const later = offsetAt(t + STEP, zone);
    if (later === offset) continue;
    let lo = t;
    let hi = t + STEP;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    spans.push({ from: hi, offset: later });
    offset = later;
  }
  spans.reverse();
  known.set(zone, { until, spans });
  return spans;
}

/** The day of `unix` seconds in the zone: days since 1970-01-01 in its wall-clock time. */
export function dayNumber(unix: number, zone: string): number {
  const span = spansOf(zone).find((s) => s.from <= unix)!;
  return Math.floor((unix + span.offset) / DAY);
}

/** A day number as the calendar says it: `YYYY-MM-DD`. */
export function dayName(day: number): string {
  return new Date(day * DAY * 1000).toISOString().slice(0, 10);
}

/**
 * The same day number in SQL, of an integer column of unix seconds (`n.created_at`), the same on
 * SQLite and PostgreSQL (integer division of positive integers). The numbers are the server's
 * own, written into the statement (a parameter in a CASE has no type on PostgreSQL).
 */
export function daySql(column: string, zone: string): RawBuilder<number> {
  const [newest, ...older] = spansOf(zone);
  const int = (n: number) => sql.raw(String(Math.trunc(n)));
  const col = sql.ref(column);
  if (older.length === 0) return sql<number>`((${col} + ${int(newest!.offset)}) / ${int(DAY)})`;
  const spans = [newest!, ...older];
  const whens = spans.slice(0, -1).map((s) => sql`when ${col} >= ${int(s.from)} then ${int(s.offset)}`);
  return sql<number>`((${col} + case ${sql.join(whens, sql` `)} else ${int(spans.at(-1)!.offset)} end) / ${int(DAY)})`;
}
