import { describe, expect, it } from 'vitest';
import { gridSpan, monthWeeks, placeOnDays, shiftMonth } from './calendar.ts';

describe('monthWeeks', () => {
  const ny = { zone: 'America/New_York', locale: 'en-US' };
  it('whole weeks from Sunday; today marked; an event on its day in the reader’s zone', () => {
    // 1 June 2031 is a Sunday. 02:00 UTC on the 13th is 22:00 on the 12th in New York.
    const start = Date.UTC(2031, 5, 13, 2, 0);
    const weeks = monthWeeks(
      '2031-06',
      placeOnDays([{ id: 1, title: 'Late show', start, end: start + 3600_000, timeZone: 'Europe/Berlin' }], ny),
      ny,
      Date.UTC(2031, 5, 20, 12),
      2,
    );
    expect(weeks[0]![0]).toMatchObject({ key: '2031-06-01', label: 'Sunday, June 1', inMonth: true });
    expect(weeks.flat().find((d) => d.key === '2031-06-12')).toMatchObject({
      total: 1,
      events: [{ id: 1, title: 'Late show', time: '10:00 PM' }],
    });
    expect(
      weeks
        .flat()
        .filter((d) => d.today)
        .map((d) => d.key),
    ).toEqual(['2031-06-20']);
    expect(weeks.flat().find((d) => d.key === '2031-06-13')).toMatchObject({ total: 0, events: [] });
  });

  it('a day shows its first events by start and counts them all', () => {
    const at = (h: number) => Date.UTC(2031, 5, 10, h);
    const events = [15, 13, 17, 14].map((h, i) => ({ id: i + 1, title: `At ${h}`, start: at(h), end: at(h + 1), timeZone: 'UTC' }));
    const day = monthWeeks('2031-06', placeOnDays(events, ny), ny, 0, 2)
      .flat()
      .find((d) => d.key === '2031-06-10')!;
    expect(day.total).toBe(4);
    expect(day.events.map((e) => e.title)).toEqual(['At 13', 'At 14']);
  });

  it('an all-day event is on its own date wherever the reader is', () => {
    // Midnight to midnight in Berlin: 22:00 UTC the evening before (summer time).
    const start = Date.UTC(2031, 5, 14, 22);
    const [placed] = placeOnDays([{ id: 7, title: 'Fair', start, end: start + 86_400_000, timeZone: 'Europe/Berlin' }], ny);
    expect(placed).toMatchObject({ date: '2031-06-15', total: 1 });
    const day = monthWeeks('2031-06', [placed!], ny, 0, 2)
      .flat()
      .find((d) => d.key === '2031-06-15')!;
    expect(day.events).toEqual([{ id: 7, title: 'Fair', time: 'All day' }]);
  });

  it('an event of a day or more is on every day it runs into, its start first, "Until" its end last', () => {
    // Friday 20:00 to Sunday 11:00 in New York (summer: UTC−4), begun in May's grid days.
    const weekend = { id: 3, title: 'Camp', start: Date.UTC(2031, 5, 7, 0), end: Date.UTC(2031, 5, 8, 15), timeZone: 'UTC' };
    // 23:00 to 01:00: shorter than a day, so on its first day only.
    const party = { id: 4, title: 'Party', start: Date.UTC(2031, 5, 10, 3), end: Date.UTC(2031, 5, 10, 5), timeZone: 'UTC' };
    // Ends at midnight (New York) after two days: not on the day that midnight begins.
    const fair = { id: 5, title: 'Fair', start: Date.UTC(2031, 5, 16, 14), end: Date.UTC(2031, 5, 18, 4), timeZone: 'UTC' };
    // Three whole days in Berlin.
    const fest = { id: 6, title: 'Fest', start: Date.UTC(2031, 5, 19, 22), end: Date.UTC(2031, 5, 22, 22), timeZone: 'Europe/Berlin' };
    const days = monthWeeks('2031-06', placeOnDays([weekend, party, fair, fest], ny), ny, 0, 3).flat();
    const on = (key: string) => days.find((d) => d.key === key)!.events.map((e) => `${e.title} ${e.time}`);
    expect(on('2031-06-06')).toEqual(['Camp 8:00 PM']);
    expect(on('2031-06-07')).toEqual(['Camp All day']);
    expect(on('2031-06-08')).toEqual(['Camp Until 11:00 AM']);
    expect(on('2031-06-09')).toEqual(['Party 11:00 PM']);
    expect(on('2031-06-10')).toEqual([]);
    expect(on('2031-06-16')).toEqual(['Fair 10:00 AM']);
    expect(on('2031-06-17')).toEqual(['Fair Until 12:00 AM']);
    expect(on('2031-06-18')).toEqual([]);
    expect(['2031-06-19', '2031-06-20', '2031-06-21', '2031-06-22', '2031-06-23'].map((k) => on(k))).toEqual([
      [],
      ['Fest All day'],
      ['Fest All day'],
      ['Fest All day'],
      [],
    ]);
    // A day's count and its list agree: the weekend's three days each count it once.
    expect(days.filter((d) => d.events.some((e) => e.id === 3)).map((d) => [d.key, d.total])).toEqual([
      ['2031-06-06', 1],
      ['2031-06-07', 1],
      ['2031-06-08', 1],
    ]);
  });

  it('the span a grid shows: whole weeks, a sixth only when the month reaches it', () => {
    expect(gridSpan('2031-06')).toEqual({ first: '2031-06-01', last: '2031-07-05' });
    // March 2031 begins on a Saturday: six weeks.
    expect(gridSpan('2031-03')).toEqual({ first: '2031-02-23', last: '2031-04-05' });
  });

  it('months before and after, across years', () => {
    expect(shiftMonth('2031-01', -1)).toBe('2030-12');
    expect(shiftMonth('2031-12', 1)).toBe('2032-01');
  });
});
