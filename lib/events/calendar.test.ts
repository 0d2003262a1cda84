import { describe, expect, it } from 'vitest';
import { monthWeeks, shiftMonth } from './calendar.ts';

describe('monthWeeks', () => {
  const ny = { zone: 'America/New_York', locale: 'en-US' };
  it('whole weeks from Sunday; today marked; an event on its day in the reader’s zone', () => {
    // 1 June 2031 is a Sunday. 02:00 UTC on the 13th is 22:00 on the 12th in New York.
    const start = Date.UTC(2031, 5, 13, 2, 0);
    const weeks = monthWeeks(
      '2031-06',
      [{ id: 1, title: 'Late show', start, end: start + 3600_000, timeZone: 'Europe/Berlin' }],
      ny,
      Date.UTC(2031, 5, 20, 12),
    );
    expect(weeks[0]![0]).toMatchObject({ key: '2031-06-01', label: 'Sunday, June 1', inMonth: true });
    expect(weeks.flat().find((d) => d.key === '2031-06-12')!.events).toEqual([{ id: 1, title: 'Late show', time: '10:00 PM' }]);
    expect(
      weeks
        .flat()
        .filter((d) => d.today)
        .map((d) => d.key),
    ).toEqual(['2031-06-20']);
    expect(weeks.flat().find((d) => d.key === '2031-06-13')!.events).toEqual([]);
  });
  it('months before and after, across years', () => {
    expect(shiftMonth('2031-01', -1)).toBe('2030-12');
    expect(shiftMonth('2031-12', 1)).toBe('2032-01');
  });
});
