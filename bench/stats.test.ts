import { describe, expect, it } from 'vitest';
import { machineSlowdown, meanCi, median, percentile } from './stats.ts';

describe('the bench statistics', () => {
  it('gives a mean and a 95% interval by Student’s t', () => {
    // n = 4, mean 2.5, sample sd 1.291; t(3) = 3.182 → half-width 3.182 × 1.291 / 2 = 2.054
    const ci = meanCi([1, 2, 3, 4]);
    expect(ci.mean).toBe(2.5);
    expect(ci.low).toBeCloseTo(0.446, 3);
    expect(ci.high).toBeCloseTo(4.554, 3);
  });

  it('has no interval for a single value, and a zero-width one for equal values', () => {
    expect(Number.isNaN(meanCi([3]).high)).toBe(true);
    expect(meanCi([2, 2, 2])).toMatchObject({ low: 2, high: 2 });
  });

  it('takes percentiles by nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 0.99)).toBe(99);
    expect(median([5, 1, 3])).toBe(3);
    expect(Number.isNaN(percentile([], 0.5))).toBe(true);
  });

  it('says when the bare page’s rate fell by more than a third after an earlier round, and by how much at worst', () => {
    expect(machineSlowdown([300, 290, 310, 250, 305])).toBeNull(); // noise, and a fall of less than a third
    expect(machineSlowdown([300, 310, 150, 305, 190])).toEqual({ from: 310, to: 150, fromRound: 2, toRound: 3 });
    expect(machineSlowdown([100, 200, 120])).toEqual({ from: 200, to: 120, fromRound: 2, toRound: 3 });
    expect(machineSlowdown([90, 100])).toBeNull(); // a rise is not a slowdown
  });
});
