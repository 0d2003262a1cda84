// The open-loop part of `npm run bench`: latency at a fixed arrival rate. A closed loop
// (autocannon's N connections, each sending its next request when the last one is answered)
// slows its own sending when the server slows, and so hides the queueing a real crowd meets;
// here requests leave on a fixed schedule whatever the answers do, and each one's latency is
// counted from the moment it was due (so a client that falls behind its schedule counts its
// own lateness too, rather than hiding it). Written by hand: autocannon's rate option still
// sends from a fixed number of connections, which is a closed loop with a cap.
// The rate is a share of the bare page's capacity (its pages per second in the closed-loop
// rounds); both pages get the same rate, one after the other, twice, in alternating order.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fixed } from './format.ts';
import { percentile } from './stats.ts';

export interface OpenLoopPage {
  name: 'feed' | 'bare';
  url: string;
  headers: Record<string, string>;
  /** Every answer must contain this. */
  marker: string;
}

export interface OpenLoopResult {
  sent: number;
  /** Answered 200 with the marker. */
  ok: number;
  failed: number;
  ttfbP50: number;
  p50: number;
  p99: number;
}

/** One request: its time to first byte and to the end of the answer, from `due`. */
function request(agent: http.Agent, page: OpenLoopPage, due: number): Promise<{ ok: boolean; ttfb: number; total: number }> {
  return new Promise((resolve) => {
    let ttfb = NaN;
    const req = http.get(page.url, { agent, headers: page.headers, timeout: 30_000 }, (res) => {
      ttfb = performance.now() - due;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ok = res.statusCode === 200 && Buffer.concat(chunks).includes(page.marker);
        resolve({ ok, ttfb, total: performance.now() - due });
      });
      res.on('error', () => resolve({ ok: false, ttfb, total: performance.now() - due }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ ok: false, ttfb, total: performance.now() - due }));
  });
}

type Answer = Awaited<ReturnType<typeof request>>;

/** `rate` requests per second to `page` for `seconds`, on schedule: every answer. */
async function openLoop(page: OpenLoopPage, rate: number, seconds: number): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const count = Math.max(1, Math.round(rate * seconds));
  const start = performance.now() + 50;
  const pending: Array<Promise<Answer>> = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(request(agent, page, due));
  }
  const answers = await Promise.all(pending);
  agent.destroy();
  return answers;
}

/** Answers summed up; a failed answer counts as infinitely slow in the p99. */
function summary(answers: Answer[]): OpenLoopResult {
  const good = answers.filter((a) => a.ok);
  return {
    sent: answers.length,
    ok: good.length,
    failed: answers.length - good.length,
    ttfbP50: percentile(
      good.map((a) => a.ttfb),
      0.5,
    ),
    p50: percentile(
      good.map((a) => a.total),
      0.5,
    ),
    p99: percentile(
      answers.map((a) => (a.ok ? a.total : Infinity)),
      0.99,
    ),
  };
}

/**
 * Both pages at `rate` requests per second, `seconds` each, twice, in alternating order
 * (feed, bare, bare, feed); a page's two runs summed up together.
 */
export async function runOpenLoop(
  pages: [OpenLoopPage, OpenLoopPage],
  rate: number,
  seconds: number,
): Promise<Record<'feed' | 'bare', OpenLoopResult>> {
  console.log(`\nopen loop: ${fixed(rate, 1)} requests/s per page, ${seconds} s × 2 per page, alternating …`);
  const answers: Record<'feed' | 'bare', Answer[]> = { feed: [], bare: [] };
  for (const page of [pages[0], pages[1], pages[1], pages[0]]) {
    const run = await openLoop(page, rate, seconds);
    answers[page.name].push(...run);
    const r = summary(run);
    console.log(
      `  ${page.name.padEnd(4)}  ${r.ok}/${r.sent} answered  TTFB p50 ${fixed(r.ttfbP50, 1)} ms  p50 ${fixed(r.p50, 1)} ms  p99 ${fixed(r.p99, 1)} ms`,
    );
    await sleep(1000);
  }
  return { feed: summary(answers.feed), bare: summary(answers.bare) };
}
