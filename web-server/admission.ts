import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

// Admission control for the web server: how many requests it works on at once.
//
// Node takes every request the moment it arrives, and the pages being rendered share the one
// JavaScript thread turn by turn (a render awaits the API, another runs meanwhile). When the
// server is busy that sharing is what makes a page slow: with ten in flight each waits for all
// the others' work, and every one finishes late, the first as late as the last. Taken first come,
// first served, a few at a time, each page is rendered in about the time it takes alone and the
// rest wait their turn in order; fewer renders alive at once also leave less for the garbage
// collector to trace. Measured with `npm run bench` (docs/performance.md, "Pages under load are
// rendered a few at a time, first come first served"; docs/decisions/0004-admission-queue.md).
//
// A fixed limit would waste the CPU whenever the pages in flight all wait on something slow
// (the API, a client reading slowly): so the limit holds only while the thread is busy. While
// requests wait, a timer looks at the event loop every millisecond, and when the loop was idle
// for part of that time (nothing to run: the admitted pages are all waiting) it lets the next
// request in, whatever the count. The queue costs nothing when the server is not busy.
//
// Written by hand: the libraries that limit a Node server's load (under-pressure,
// overload-protection, toobusy) refuse requests with a 503 when the loop lags; none queues them in
// order, and a person would rather have the page a little later than an error.

/** The web server's limit from WEB_CONCURRENCY_LIMIT: a whole number ≥ 0, 2 when unset; 0 turns the queue off. */
export function concurrencyLimit(value: string | undefined = process.env.WEB_CONCURRENCY_LIMIT): number {
  if (value === undefined || value.trim() === '') return 2;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`WEB_CONCURRENCY_LIMIT must be a whole number ≥ 0 (got "${value}")`);
  return limit;
}

export interface AdmissionOptions {
  /** Requests worked on at once while the event loop is busy (at least 1). */
  limit: number;
  /** Requests that skip the queue: static files, and uploads that stream for seconds. */
  bypass?: (req: IncomingMessage) => boolean;
  /** How often a non-empty queue looks for an idle event loop, in ms (default 1). */
  checkEveryMs?: number;
  /** Idle time within one check that lets the next request in, in ms (default 0.5). */
  idleMs?: number;
}

export interface Admission {
  listener: RequestListener;
  /** Admitted and not yet answered. */
  readonly active: number;
  /** Waiting their turn. */
  readonly waiting: number;
}

/**
 * A request waiting its turn, with the async context it arrived in (`inArrival`). It is let in
 * from another request's callback (its 'close', or a timer that one set): run there, it would
 * inherit that request's AsyncLocalStorage stores — Next's and React's request stores, whose
 * cache() holds the session — and read the other request's values as its own. It runs in its own.
 */
type Waiting = { req: IncomingMessage; res: ServerResponse; gone: boolean; inArrival: ReturnType<typeof AsyncLocalStorage.snapshot> };

/** `listener` behind a first-come, first-served queue that lets `limit` requests run while the loop is busy. */
export function admission(listener: RequestListener, { limit, bypass, checkEveryMs = 1, idleMs = 0.5 }: AdmissionOptions): Admission {
  if (!(limit >= 1)) throw new RangeError(`admission: limit must be at least 1 (got ${limit})`);
  let active = 0;
  // A FIFO: the array with a moving head (shift() would copy the whole queue each time).
  let queue: Waiting[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;
  let loop = performance.eventLoopUtilization();

  const waiting = () => queue.length - head;

  const run = (req: IncomingMessage, res: ServerResponse) => {
    active += 1;
    // 'close' comes once the answer is sent or the connection is gone, whichever is first.
    res.once('close', () => {
      active -= 1;
      admitWithinLimit();
    });
    listener(req, res);
  };

  /** The next request still waiting for its answer, or undefined. */
  const next = (): Waiting | undefined => {
    while (head < queue.length) {
      const w = queue[head]!;
      head += 1;
      if (!w.gone) return w;
    }
    return undefined;
  };

  const admitOne = (): boolean => {
    const w = next();
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (!w) return false;
    w.inArrival(run, w.req, w.res);
    return true;
  };

  const admitWithinLimit = () => {
    while (active < limit && admitOne());
    watch();
  };

  // While requests wait: every checkEveryMs, if the loop spent idleMs or more of it idle, one more in.
  const check = () => {
    timer = undefined;
    const now = performance.eventLoopUtilization();
    const idle = now.idle - loop.idle;
    loop = now;
    if (idle >= idleMs) admitOne();
    watch();
  };
  const watch = () => {
    if (timer || waiting() === 0) return;
    loop = performance.eventLoopUtilization();
    timer = setTimeout(check, checkEveryMs);
  };

  return {
    listener: (req, res) => {
      if (bypass?.(req)) return listener(req, res);
      if (active < limit) return run(req, res);
      const w: Waiting = { req, res, gone: false, inArrival: AsyncLocalStorage.snapshot() };
      // A client that gives up while waiting is not served (its place is skipped).
      res.once('close', () => {
        w.gone = true;
      });
      queue.push(w);
      watch();
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.slice(head).filter((w) => !w.gone).length;
    },
  };
}
