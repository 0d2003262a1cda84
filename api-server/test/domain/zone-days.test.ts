import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dayName, dayNumber, daySql } from '../../src/domain/zone-days.ts';
import { createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';

const t = setupApi();

// One formatter per zone: making one costs about as much as the 10,000 instants it formats.
const formats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant in a zone, as Intl says it. */
function intlDay(unix: number, zone: string): string {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  return format.format(new Date(unix * 1000));
}

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia', 'America/Santiago'];

/** Instants around every hour of the days when clocks change, and spread over 2001–2026. */
function instants(): number[] {
  const out: number[] = [];
  for (let year = 2001; year <= 2026; year++)
    for (const [month, day] of [
      [3, 8],
      [3, 26],
      [3, 31],
      [4, 5],
      [9, 7],
      [10, 4],
      [10, 29],
      [11, 1],
      [11, 5],
    ] as const)
      for (let minute = -60; minute <= 25 * 60; minute += 37) out.push(Date.UTC(year, month - 1, day) / 1000 + minute * 60);
  return out;
}

describe('the reader’s days (zone-days.ts)', () => {
  it('numbers every instant’s day as the calendar of its zone does, across summer-time changes', () => {
    for (const zone of ZONES) for (const at of instants()) expect(dayName(dayNumber(at, zone)), `${zone} ${at}`).toBe(intlDay(at, zone));
  });

  it('SQL numbers them the same on this database', async () => {
    const user = (await createUser(t.db)).id;
    const sample = instants().filter((_, i) => i % 7 === 0);
    await t.db
      .insertInto('notifications')
      .values(sample.map((at) => ({ user_id: user, actor_id: user, kind: 'like' as const, item_type: 'blog', item_id: 1, created_at: at })))
      .execute();
    for (const zone of ZONES) {
      const rows = await t.db
        .selectFrom('notifications')
        .select(['created_at', sql<number>`${daySql('created_at', zone)}`.as('day')])
        .where('user_id', '=', user)
        .execute();
      expect(rows).toHaveLength(sample.length);
      for (const r of rows) expect(Number(r.day), `${zone} ${r.created_at}`).toBe(dayNumber(r.created_at, zone));
    }
  });
});
