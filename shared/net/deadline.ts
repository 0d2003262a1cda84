/**
 * A time limit for one outbound call: a signal that aborts after `ms` (with the TimeoutError
 * AbortSignal.timeout() gives) and `end()`, to be called when the call is over, in a `finally`.
 *
 * Not AbortSignal.timeout(): its timer lives until it fires, and a timer holds the async context
 * it was made in. Under Node 24 (AsyncContextFrame) that context is a page's whole render: React's
 * request, Next's stores, the HTML being written. Every page read thus kept its finished render in
 * memory for API_TIMEOUT_MS (8 s): a heap snapshot of the web server after the bench's load rounds
 * held 476 finished renders through the timers of AbortSignal.timeout, and the old generation they
 * filled was marked and compacted every 3-5 s (docs/performance.md, "A finished page is let go at
 * once"; docs/decisions/0010-no-abortsignal-timeout.md). A timer cleared when the call ends holds
 * the render no longer than the render itself.
 */
export interface Deadline {
  signal: AbortSignal;
  /** Whether the time ran out (rather than another abort). */
  readonly expired: boolean;
  /** The call is over: the timer goes, and with it what it held. */
  end(): void;
}

export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  // Like AbortSignal.timeout's: a pending time limit does not keep the process alive.
  timer.unref();
  return {
    signal: controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    end: () => clearTimeout(timer),
  };
}

/**
 * Runs one outbound call within `ms` (and `outer`, a caller's own signal, when given): `run` gets
 * the signal to pass on and the deadline (to tell a timeout from another failure); the limit ends
 * when `run` settles, whatever it did.
 */
export async function withDeadline<T>(
  ms: number,
  run: (signal: AbortSignal, time: Deadline) => Promise<T>,
  outer?: AbortSignal,
): Promise<T> {
  const time = deadline(ms);
  try {
    return await run(outer ? AbortSignal.any([outer, time.signal]) : time.signal, time);
  } finally {
    time.end();
  }
}
