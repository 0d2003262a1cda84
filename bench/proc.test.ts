import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuMs, runMs } from './proc.ts';

/** Keeps this thread busy for `ms` of wall time. */
function spin(ms: number) {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
  return x;
}

describe('runMs', () => {
  it("counts the time a process's threads ran, to well under a clock tick", () => {
    const before = runMs(process.pid);
    const cpuBefore = process.cpuUsage();
    spin(60);
    const ran = runMs(process.pid) - before;
    const used = process.cpuUsage(cpuBefore);
    const usedMs = (used.user + used.system) / 1000;
    // What the process says it used, on this thread and its others, within a few milliseconds.
    expect(ran).toBeGreaterThan(usedMs * 0.8);
    expect(ran).toBeLessThan(usedMs + 20);
    // Fractions of a millisecond are seen (cpuMs counts in clock ticks of 10 ms).
    expect(Number.isInteger(ran)).toBe(false);
  });

  it('answers NaN for a process that is gone, where cpuMs answers 0', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(runMs(gone)).toBeNaN();
    expect(cpuMs(gone)).toBe(0);
  });
});
