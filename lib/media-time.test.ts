import { describe, expect, it } from 'vitest';
import { formatDuration, formatMoment } from './media-time.ts';

describe('a time as players show it', () => {
  it('gives durations in whole seconds, with hours when there are some, and nothing when unknown', () => {
    expect(formatDuration(187)).toBe('3:07');
    expect(formatDuration(3723.9)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it('gives a moment to the tenth, rounding what the player reports', () => {
    expect(formatMoment(1.19999)).toBe('0:01.2');
    expect(formatMoment(65.34)).toBe('1:05.3');
    expect(formatMoment(59.96)).toBe('1:00.0');
    expect(formatMoment(3723.5)).toBe('1:02:03.5');
  });
});
