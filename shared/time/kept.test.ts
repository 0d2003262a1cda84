import { describe, expect, it } from 'vitest';
import { dateTimeFormat, kept } from './kept.ts';

describe('kept', () => {
  it('computes an answer once per key, and again after it let them all go at its bound', () => {
    const asked: string[] = [];
    const square = kept(2, (key) => {
      asked.push(key);
      return Number(key) ** 2;
    });
    expect([square('3'), square('3'), square('4'), square('3')]).toEqual([9, 9, 16, 9]);
    expect(asked).toEqual(['3', '4']);
    // A third key finds it full: the kept answers go, the new one stays.
    expect(square('5')).toBe(25);
    expect(square('3')).toBe(9);
    expect(asked).toEqual(['3', '4', '5', '3']);
  });

  it('keeps nothing for a key whose computation throws', () => {
    let calls = 0;
    const failing = kept(10, () => {
      calls += 1;
      throw new Error('no');
    });
    expect(() => failing('x')).toThrow('no');
    expect(() => failing('x')).toThrow('no');
    expect(calls).toBe(2);
  });
});

describe('dateTimeFormat', () => {
  const at = Date.UTC(2026, 11, 6, 15, 30);

  it('formats as the constructor does', () => {
    const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' };
    expect(dateTimeFormat('en-US', options).format(at)).toBe(new Intl.DateTimeFormat('en-US', options).format(at));
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(at)).toBe('6. Dezember 2026');
  });

  it('gives the same formatter for the same locale and options, another for others', () => {
    const a = dateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })).toBe(a);
    expect(dateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('en-US', { month: 'long', timeZone: 'Asia/Tokyo' })).not.toBe(a);
  });

  it('throws for an unknown zone or a malformed locale, as the constructor does', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('not a locale!', { timeZone: 'UTC' })).toThrow(RangeError);
  });
});
