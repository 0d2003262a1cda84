// The bench's memory probe, loaded into the benchmarked web server (NODE_OPTIONS
// "--expose-gc --import …/bench/memory-probe.ts", BENCH_MEMORY_PROBE=<dir>): while the file
// <dir>/on exists it collects garbage every 10 ms and appends what is still held to
// <dir>/samples.jsonl. The resident memory of a process also counts garbage not yet collected
// (an upload streams some 10 MB of short-lived chunks through the server, collected whenever
// V8 gets to it); after a full collection what is left is what the server really holds. Off,
// it costs one stat() every 10 ms.
// It also keeps the time the server has spent collecting garbage, in all, in <dir>/gc-ms
// (rewritten every 100 ms), from which the bench takes the GC's share of a load's CPU.
import fs from 'node:fs';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.BENCH_MEMORY_PROBE;
const gc = (globalThis as { gc?: () => void }).gc;

export interface MemorySample {
  /** Date.now() */
  t: number;
  rss: number;
  /** JavaScript heap in use plus memory outside it (Buffers, ArrayBuffers), after a full collection. */
  live: number;
  /** Of `live`: the JavaScript heap in use. */
  heap: number;
  /** Of `live`: Buffers and ArrayBuffers (the rest of `live` less `heap` is other native memory V8 is told of). */
  buffers: number;
}

if (dir && gc) {
  const on = path.join(dir, 'on');
  const out = path.join(dir, 'samples.jsonl');
  setInterval(() => {
    if (!fs.existsSync(on)) return;
    // Twice: V8 sweeps dead ArrayBuffers on a background thread after a full collection and
    // keeps counting their bytes in `external` until it is done; the second collection waits
    // for that sweep first. After one, `external` still counted 1-3 MiB of chunks the upload
    // had already let go (gone with --no-concurrent-array-buffer-sweeping, or with two).
    gc();
    gc();
    const m = process.memoryUsage();
    const sample: MemorySample = { t: Date.now(), rss: m.rss, live: m.heapUsed + m.external, heap: m.heapUsed, buffers: m.arrayBuffers };
    fs.appendFileSync(out, `${JSON.stringify(sample)}\n`);
  }, 10).unref();
}

if (dir) {
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  }).observe({ entryTypes: ['gc'] });
  const file = path.join(dir, 'gc-ms');
  // Written aside and renamed into place: a reader never sees the file cut short mid-write
  // (it read 0 or half a number now and then, and a round's GC time came out negative).
  const aside = `${file}.${process.pid}`;
  setInterval(() => {
    fs.writeFileSync(aside, String(gcMs));
    fs.renameSync(aside, file);
  }, 100).unref();
}

/** The garbage collection time so far of the server the probe at `dir` is loaded in (0 before its first note). */
export function gcMsOf(dir: string): number {
  try {
    return Number(fs.readFileSync(path.join(dir, 'gc-ms'), 'utf8')) || 0;
  } catch {
    return 0;
  }
}
