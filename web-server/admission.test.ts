import { AsyncLocalStorage } from 'node:async_hooks';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { admission, concurrencyLimit, type Admission } from './admission.ts';

// Real HTTP servers on loopback, real sockets: what the web server's front door does with requests.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  limit: number,
  bypass?: (req: IncomingMessage) => boolean,
  idleMs?: number,
) {
  const seen = { started: [] as string[], running: 0, most: 0 };
  const inner: RequestListener = (req, res) => {
    seen.started.push(req.url!);
    seen.running += 1;
    seen.most = Math.max(seen.most, seen.running);
    void handler(req, res).finally(() => {
      seen.running -= 1;
    });
  };
  const gate: Admission = admission(inner, { limit, bypass, idleMs });
  const server = http.createServer(gate.listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen, gate };
}

/** Busy for `ms` of CPU in `steps` slices, yielding to the loop between them (as a render does). */
async function cpuWork(ms: number, steps: number) {
  for (let i = 0; i < steps; i += 1) {
    const until = performance.now() + ms / steps;
    while (performance.now() < until);
    await yieldToLoop();
  }
}

/** A GET on a connection of its own; `abort` destroys it. */
function get(url: string, abort?: AbortSignal): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, signal: abort }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
  });
}

/** 12 ms of CPU in four slices, then its own path as the answer. */
const busy = async (req: IncomingMessage, res: ServerResponse) => {
  await cpuWork(12, 4);
  res.end(req.url);
};

/** Eight requests' paths: /0 … /7. */
const burst = Array.from({ length: 8 }, (_, i) => `/${i}`);

/** `paths` sent 2 ms apart, each on its own connection, so that their order of arrival is known; their answers. */
async function oneAfterAnother(origin: string, paths: string[]): Promise<string[]> {
  const answers: Array<Promise<string>> = [];
  for (const p of paths) {
    answers.push(get(origin + p).then((r) => r.text));
    await sleep(2);
  }
  return Promise.all(answers);
}

describe('admission control', () => {
  it('works on `limit` requests at once while the thread is busy, and takes the rest in the order they came', async () => {
    const { origin, seen, gate } = await serve(busy, 2);
    expect(await oneAfterAnother(origin, burst)).toEqual(burst);
    expect(seen.started).toEqual(burst);
    expect(seen.most).toBe(2);
    expect(gate.active).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('without it (a limit as large as the burst) the same requests all run at once: what the queue prevents', async () => {
    const { origin, seen } = await serve(busy, 100);
    await oneAfterAnother(origin, burst);
    expect(seen.most).toBeGreaterThan(2);
  });

  it('lets waiting requests in when the admitted ones only wait (a slow API): the CPU is never left idle', async () => {
    const { origin, seen } = await serve(async (req, res) => {
      await sleep(150);
      res.end(req.url);
    }, 1);
    const answers = Array.from({ length: 6 }, (_, i) => get(`${origin}/${i}`).then((r) => r.text));
    expect(await Promise.all(answers)).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
    // A fixed limit of one would have run them one after another, never two at once.
    expect(seen.most).toBeGreaterThan(1);
  });

  it('skips a request whose client gave up while it waited', async () => {
    const { origin, seen } = await serve(async (req, res) => {
      await cpuWork(60, 6);
      res.end(req.url);
    }, 1);
    const first = get(`${origin}/first`);
    await sleep(5);
    const abort = new AbortController();
    const gone = get(`${origin}/gone`, abort.signal).catch((e: unknown) => e);
    await sleep(5);
    abort.abort();
    await sleep(5);
    const last = get(`${origin}/last`);
    expect((await first).status).toBe(200);
    expect(await gone).toBeInstanceOf(Error);
    expect((await last).text).toBe('/last');
    expect(seen.started).toEqual(['/first', '/last']);
  });

  it('lets what bypasses the queue through at once, even while the thread is busy', async () => {
    const { origin, seen } = await serve(
      async (req, res) => {
        if (!req.url!.startsWith('/_next/static/')) await cpuWork(40, 4);
        res.end(req.url);
      },
      1,
      (req) => req.url!.startsWith('/_next/static/'),
    );
    const page1 = get(`${origin}/page1`);
    await sleep(2);
    const page2 = get(`${origin}/page2`);
    await sleep(2);
    const asset = get(`${origin}/_next/static/app.js`);
    await Promise.all([page1, page2, asset]);
    // The file was served before the second page, which waited for the first.
    expect(seen.started).toEqual(['/page1', '/_next/static/app.js', '/page2']);
  });

  it('answers every request of a burst far larger than the limit, and is empty after', async () => {
    const { origin, gate } = await serve(async (req, res) => {
      await cpuWork(2, 2);
      res.end(req.url);
    }, 2);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`${origin}/${i}`).then((r) => r.text)));
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => `/${i}`));
    expect(gate.active).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it.each([
    ['when the one before it finishes', Infinity],
    ['when the loop idles', 0],
  ])('runs a request let in %s in the async context it arrived in, not in that of another request', async (_, idleMs) => {
    // Request-scoped stores (Next's, React's: its cache() of the session) live in AsyncLocalStorage.
    // A request let in from another one's callback must not inherit that one's store: its code would
    // read the other request's cached values (the web app's server actions once did:
    // docs/performance.md, "Pages under load are rendered a few at a time, first come first
    // served").
    const who = new AsyncLocalStorage<string>();
    const inherited: Array<string | undefined> = [];
    const { origin } = await serve(
      (req, res) => {
        inherited.push(who.getStore());
        return who.run(req.url!, async () => {
          await cpuWork(10, 1);
          await sleep(5);
          res.end(req.url);
        });
      },
      1,
      undefined,
      idleMs,
    );
    const answers = await Promise.all(burst.map((p) => get(origin + p).then((r) => r.text)));
    expect(answers).toEqual(burst);
    expect(inherited).toEqual(burst.map(() => undefined));
  });

  it('refuses a limit below one', () => {
    expect(() => admission(() => {}, { limit: 0 })).toThrow(RangeError);
  });
});

describe('WEB_CONCURRENCY_LIMIT', () => {
  it('is 2 when unset, a whole number when set, 0 to turn the queue off', () => {
    expect(concurrencyLimit(undefined)).toBe(2);
    expect(concurrencyLimit('')).toBe(2);
    expect(concurrencyLimit('4')).toBe(4);
    expect(concurrencyLimit('0')).toBe(0);
  });

  it('refuses anything else with a clear error', () => {
    for (const bad of ['-1', '1.5', 'two', '2x'])
      expect(() => concurrencyLimit(bad)).toThrow(/WEB_CONCURRENCY_LIMIT must be a whole number/);
  });
});
