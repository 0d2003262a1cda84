import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatClock,
  formatDay,
  formatHuman,
  instantOf,
  parseWallTime,
  wallTimeAt,
} from '../../../src/routes/events/schedule.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('event times', () => {
  it('reads YYYY-MM-DD HH:mm:ss strictly: other forms and impossible dates are refused', () => {
    expect(parseWallTime('2026-12-05 19:00:00')).toEqual({ year: 2026, month: 12, day: 5, hour: 19, minute: 0, second: 0 });
    expect(parseWallTime('2028-02-29 00:00:00')).toBeDefined();
    for (const bad of [
      '2026-02-30 10:00:00',
      '2027-02-29 10:00:00',
      '2026-04-31 10:00:00',
      '2026-13-01 10:00:00',
      '2026-00-10 10:00:00',
      '2026-12-05 24:00:00',
      '2026-12-05 19:60:00',
      '2026-12-05 19:00:60',
      '2026-12-05T19:00:00',
      '2026-12-05 19:00',
      '2026-12-05',
      '05/12/2026 19:00:00',
      '',
    ]) {
      expect(parseWallTime(bad), bad).toBeUndefined();
    }
  });

  it('turns a wall-clock time in a zone into the instant, summer and winter', () => {
    expect(instantOf(parseWallTime('2026-12-05 19:00:00')!, 'UTC')).toBe(utc('2026-12-05T19:00:00'));
    expect(instantOf(parseWallTime('2026-12-05 19:00:00')!, 'Europe/Paris')).toBe(utc('2026-12-05T18:00:00'));
    expect(instantOf(parseWallTime('2026-07-05 19:00:00')!, 'Europe/Paris')).toBe(utc('2026-07-05T17:00:00'));
    expect(instantOf(parseWallTime('2026-07-05 19:00:00')!, 'America/New_York')).toBe(utc('2026-07-05T23:00:00'));
    expect(instantOf(parseWallTime('2026-07-05 19:00:00')!, 'Asia/Kolkata')).toBe(utc('2026-07-05T13:30:00'));
  });

  it('moves a time skipped by clocks going forward on by the gap, and takes the first of a repeated one', () => {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(instantOf(parseWallTime('2026-03-08 02:30:00')!, 'America/New_York')).toBe(utc('2026-03-08T07:30:00'));
    // New York, 1 November 2026: 01:30 happens in EDT, then again in EST.
    expect(instantOf(parseWallTime('2026-11-01 01:30:00')!, 'America/New_York')).toBe(utc('2026-11-01T05:30:00'));
  });

  it('shows an instant as date, 24-hour clock and readable text in the event zone', () => {
    const t = utc('2026-12-05T19:00:00');
    expect(formatDay(t, 'UTC')).toBe('2026-12-05');
    expect(formatClock(t, 'UTC')).toBe('19:00');
    expect(formatHuman(t, 'UTC')).toBe('Saturday, December 5, 2026 at 7:00 PM UTC');
    expect(formatDay(t, 'Asia/Tokyo')).toBe('2026-12-06');
    expect(formatClock(t, 'Asia/Tokyo')).toBe('04:00');
    expect(formatHuman(t, 'America/New_York')).toBe('Saturday, December 5, 2026 at 2:00 PM EST');
    expect(formatClock(utc('2026-12-05T00:05:00'), 'UTC')).toBe('00:05');
  });

  it('knows IANA zones by name, in any case, and refuses others', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });

  it('tells the wall-clock time as Intl does, in every kind of zone, through every change of its clocks', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const intl = (unix: number, timeZone: string) => {
      let f = formats.get(timeZone);
      if (!f) {
        const numeric = 'numeric';
        f = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: numeric,
          month: numeric,
          day: numeric,
          hour: numeric,
          minute: numeric,
          second: numeric,
        });
        formats.set(timeZone, f);
      }
      const p = Object.fromEntries(
        f
          .formatToParts(new Date(unix * 1000))
          .filter((x) => x.type !== 'literal')
          .map((x) => [x.type, Number(x.value)]),
      );
      return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
    };
    // Summer time at 01:00 UTC (Paris), at local 02:00 (New York), by half an hour (Lord Howe), in
    // the south (Santiago, at local midnight), a quarter-hour zone (Kathmandu), a day skipped
    // (Apia, 30 December 2011), none (UTC, Kolkata).
    const zones = [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Asia/Kathmandu',
      'Pacific/Apia',
      'Asia/Kolkata',
    ];
    const days = [
      '2011-12-29',
      '2011-12-30',
      '2011-12-31',
      '2026-03-08',
      '2026-03-29',
      '2026-04-04',
      '2026-04-05',
      '2026-09-06',
      '2026-10-04',
      '2026-10-25',
      '2026-11-01',
      '2027-01-01',
    ];
    let checked = 0;
    for (const zone of zones) {
      for (const day of days) {
        const start = utc(`${day}T00:00:00`) - 86_400;
        for (let t = start; t < start + 3 * 86_400; t += 450) {
          expect(wallTimeAt(t, zone), `${zone} ${new Date(t * 1000).toISOString()}`).toEqual(intl(t, zone));
          expect(wallTimeAt(t + 59, zone)).toEqual(intl(t + 59, zone));
          checked += 2;
        }
      }
      // And instants spread over sixty years, to the second.
      for (let t = utc('1975-01-01T00:00:00') + 7; t < utc('2035-01-01T00:00:00'); t += 3_600_017) {
        expect(wallTimeAt(t, zone), `${zone} ${t}`).toEqual(intl(t, zone));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });
});
