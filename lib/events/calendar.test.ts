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
