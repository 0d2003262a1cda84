import { describe, expect, it } from 'vitest';
import { formatEventWhen, isAllDay } from './time.ts';

// How an event's times read: in the reader's zone, with the event's zone named when it differs.

const ny = { zone: 'America/New_York', locale: 'en-US' };

describe('formatEventWhen', () => {
  it('shows an evening in Berlin in New York time, and names the Berlin time beside it', () => {
    // 12 June 2031, 20:00–23:00 in Berlin (UTC+2) is 14:00–17:00 in New York (UTC-4).
    const start = Date.UTC(2031, 5, 12, 18, 0);
    const w = formatEventWhen(start, start + 3 * 3600_000, 'Europe/Berlin', ny);
    expect(w.text).toMatch(/Thu, Jun 12, 2031, 2:00\s?–\s?5:00\sPM EDT/);
    expect(w.inEventZone).toMatch(/8:00\s?–\s?11:00\sPM GMT\+2 in Europe\/Berlin/);
    expect(w.iso).toBe('2031-06-12T18:00:00.000Z');
  });

  it('names no other zone when the event is in the reader’s zone', () => {
    const start = Date.UTC(2031, 5, 12, 18, 0);
    expect(formatEventWhen(start, start + 3600_000, 'America/New_York', ny).inEventZone).toBeUndefined();
  });

  it('an event crossing midnight shows both dates', () => {
    const start = Date.UTC(2031, 5, 13, 2, 0); // 22:00 in New York
    expect(formatEventWhen(start, start + 4 * 3600_000, 'America/New_York', ny).text).toMatch(/Jun 12.*Jun 13/);
  });

  it('an all-day event reads as its dates wherever the reader is', () => {
    const start = Date.UTC(2031, 5, 11, 22, 0); // midnight 12 June in Berlin
    const end = start + 2 * 86_400_000; // midnight 14 June
    expect(isAllDay(start, end, 'Europe/Berlin')).toBe(true);
    const w = formatEventWhen(start, end, 'Europe/Berlin', ny);
    expect(w.text).toMatch(/Jun 12.*13, 2031 \(all day\)/);
    expect(w.inEventZone).toBeUndefined();
  });

  it('follows the reader’s locale', () => {
    const start = Date.UTC(2031, 5, 12, 18, 0);
    expect(formatEventWhen(start, start + 3600_000, 'Europe/Berlin', { zone: 'Europe/Berlin', locale: 'de-DE' }).text).toMatch(
      /Do\., 12\. Juni 2031/,
    );
  });
});
