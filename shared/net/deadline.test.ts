import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline } from './deadline.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Whether what a request's async context holds (here a stand-in for a page's render, which also
 * holds its API call's signal, as a render does) outlives a call that `limit` put a time limit
 * on, once the call is over.
 */
async function contextOutlivesCall(limit: () => { signal: AbortSignal; end: () => void }): Promise<boolean> {
  const request = new AsyncLocalStorage<{ render: string[]; signal?: AbortSignal }>();
  let held!: WeakRef<object>;
  await request.run({ render: Array.from({ length: 1000 }, (_, i) => `element ${i}`) }, async () => {
    const render = request.getStore()!;
    held = new WeakRef(render);
    const call = limit();
    render.signal = call.signal;
    await sleep(1);
    call.end();
  });
  for (let i = 0; i < 3; i += 1) {
    await sleep(5);
    gc();
  }
  return held.deref() !== undefined;
}

describe('deadline', () => {
  it('aborts its signal with a TimeoutError once the time is up', async () => {
    const time = deadline(20);
    expect([time.signal.aborted, time.expired]).toEqual([false, false]);
    await sleep(60);
    expect(time.expired).toBe(true);
    expect((time.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('never aborts once the call has ended', async () => {
    const time = deadline(20);
    time.end();
    await sleep(60);
    expect([time.signal.aborted, time.expired]).toEqual([false, false]);
  });

  it('lets the context of a finished call go, where AbortSignal.timeout keeps it until it fires', async () => {
    expect(await contextOutlivesCall(() => deadline(60_000))).toBe(false);
    // The same probe sees what the web server's heap snapshot showed: the timer of
    // AbortSignal.timeout holds the context it was made in (Node's AsyncContextFrame), and while
    // the signal lives Node keeps the timer; the context holds the signal, so neither goes
    // before the timer fires.
    expect(await contextOutlivesCall(() => ({ signal: AbortSignal.timeout(60_000), end: () => {} }))).toBe(true);
  });
});
