// The load part of `npm run bench`: the signed-in feed of the web app ('feed') against the bare
// page ('bare'), both showing demo@example.com's feed.
// - `checkPages`: each page fetched once, before anything is timed: it must answer 200 with the
//   feed (role="feed"), and the bare page render as many <article> elements as the API has
//   activities; that render's HTML and API requests (by route, through the page's counting
//   relay) are reported as they are.
// - `runLoad`: autocannon against each page: a warm-up, then timed rounds of both pages
//   alternating, every answer checked (200, holding the feed). Per round: pages answered,
//   latencies, the CPU time of the page's server and all it started (from /proc), and its API
//   requests (the relay's counts). Then the feed is fetched once more: still the signed-in
//   feed (a lost session would render the landing page).
// The rounds of a page are added together: pages per second over their total time, percentiles
// over every answer, CPU time and API requests per request sent.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { fixed } from './format.ts';
import { cpuMs } from './proc.ts';
import { gcMsOf } from './memory-probe.ts';
import { percentile } from './stats.ts';
import type { RelayCounts, Relays } from './relay.ts';

export type PageName = 'feed' | 'bare';

/** One page fetched once: its status, HTML and number of <article> elements. */
async function fetchPage(url: string, cookie: string) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, html, articles: (html.match(/<article\b/g) ?? []).length, feed: html.includes('role="feed"') };
}

export type RenderedOnce = Awaited<ReturnType<typeof fetchPage>> & { api: RelayCounts };

/**
 * Is the instrument right? Both pages answer 200 with the feed, the same 15 items; throws when
 * not. Answers each page's single render. `saveHtml`: a directory where both pages' HTML is
 * kept (feed.html, bare.html), to see where the bytes go.
 */
export async function checkPages(o: {
  api: string;
  token: string;
  web: string;
  bare: string;
  cookie: string;
  relays: Relays;
  saveHtml?: string;
}): Promise<Record<PageName, RenderedOnce>> {
  const apiFeed = (await (
    await fetch(`${o.api}/api/v1/activities?limit=15&fields=id`, { headers: { authorization: `Bearer ${o.token}` } })
  ).json()) as { data: { items: Array<{ id: number }> } };
  const expected = apiFeed.data.items.length;
  const problems: string[] = [];
  const once: Record<PageName, RenderedOnce> = {} as never;
  for (const [name, url, c] of [
    ['feed', `${o.web}/`, o.cookie],
    ['bare', `${o.bare}/`, ''],
  ] as const) {
    await o.relays.reset(name);
    const page = await fetchPage(url, c);
    await sleep(300);
    once[name] = { ...page, api: await o.relays.counts(name) };
    if (page.status !== 200) problems.push(`${name}: / answered ${page.status}`);
    if (!page.feed) problems.push(`${name}: / has no role="feed"${name === 'feed' ? ' (is the session real?)' : ''}`);
  }
  if (o.saveHtml) {
    fs.mkdirSync(o.saveHtml, { recursive: true });
    for (const name of ['feed', 'bare'] as const) fs.writeFileSync(path.join(o.saveHtml, `${name}.html`), once[name].html);
  }
  if (once.bare.articles !== expected)
    problems.push(`bare: rendered ${once.bare.articles} articles, the API answered ${expected} activities`);
  if (problems.length) throw new Error(`the pages are not ready to measure:\n  ${problems.join('\n  ')}`);
  return once;
}

interface LoadPage {
  name: PageName;
  url: string;
  headers: Record<string, string>;
  /** Every answer must contain this, or the round is not valid. */
  marker: string;
  server: ChildProcess;
  /** The server's garbage collection time so far, where it can be read (the web server's probe). */
  gcMs?: () => number;
}

interface Round {
  /** Answers received. */
  pages: number;
  /** Requests sent (answered or cut off when the round ended). */
  sent: number;
  seconds: number;
  cpuMs: number;
  /** Garbage collection in that time (NaN where it cannot be read). */
  gcMs: number;
  api: RelayCounts;
  latencies: number[];
  p99: number;
  problems: string[];
}

/** One timed load of one page, with its CPU time and API requests. */
async function load(page: LoadPage, seconds: number, connections: number, relays: Relays): Promise<Round> {
  const latencies: number[] = [];
  await relays.reset(page.name);
  const cpuBefore = cpuMs(page.server.pid!);
  const gcBefore = page.gcMs?.() ?? NaN;
  const instance = autocannon({
    url: page.url,
    headers: page.headers,
    connections,
    duration: seconds,
    verifyBody: (body) => String(body).includes(page.marker),
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  // Let renders cut off at the end finish their API requests and CPU work before reading both.
  await sleep(500);
  const cpu = cpuMs(page.server.pid!) - cpuBefore;
  const gc = (page.gcMs?.() ?? NaN) - gcBefore;
  const api = await relays.counts(page.name);
  const problems: string[] = [];
  if (result.non2xx) problems.push(`${result.non2xx} answers were not 2xx (${JSON.stringify(result.statusCodeStats)})`);
  if (result.errors) problems.push(`${result.errors} requests failed (${result.timeouts} timeouts)`);
  if (result.mismatches) problems.push(`${result.mismatches} answers did not contain ${page.marker}`);
  if (!result.requests.total) problems.push('no page was served');
  return {
    pages: result.requests.total,
    sent: result.requests.sent,
    seconds: result.duration,
    cpuMs: cpu,
    gcMs: gc,
    api,
    latencies,
    p99: percentile(latencies, 0.99),
    problems: problems.map((p) => `${page.name}: ${p}`),
  };
}

/** The rounds of one page, together: pages/s over the total time, percentiles over every answer. */
function aggregate(rounds: Round[]) {
  const pages = rounds.reduce((n, r) => n + r.pages, 0);
  const sent = rounds.reduce((n, r) => n + r.sent, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const latencies = rounds.flatMap((r) => r.latencies);
  const apiCalls = rounds.reduce((n, r) => n + r.api.total, 0);
  const byRoute: Record<string, number> = {};
  for (const r of rounds) for (const [k, v] of Object.entries(r.api.byRoute)) byRoute[k] = (byRoute[k] ?? 0) + v;
  return {
    pages,
    pagesPerSecond: pages / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    worstRoundP99: Math.max(...rounds.map((r) => r.p99)),
    // A render cut off at the end of a round still did its work: per request sent.
    cpuPerRender: rounds.reduce((n, r) => n + r.cpuMs, 0) / sent,
    /** Garbage collection's share of the server's CPU time (NaN where it cannot be read). */
    gcShare: rounds.reduce((n, r) => n + r.gcMs, 0) / rounds.reduce((n, r) => n + r.cpuMs, 0),
    apiPerRender: apiCalls / sent,
    byRoute: Object.fromEntries(Object.entries(byRoute).map(([k, v]) => [k, v / sent])),
  };
}

export type PageLoad = ReturnType<typeof aggregate>;

export interface LoadOptions {
  web: string;
  bare: string;
  /** The web app's session cookie. */
  cookie: string;
  relays: Relays;
  webServer: ChildProcess;
  bareServer: ChildProcess;
  /** The web server's memory probe directory (its GC time). */
  probeDir: string;
  /** Seconds of warm-up per page. */
  warmupSeconds: number;
  rounds: number;
  /** Seconds per page per round. */
  seconds: number;
  connections: number;
}

/** The warm-up and the timed rounds; answers each page's rounds together, and what made them not valid. */
export async function runLoad(
  o: LoadOptions,
): Promise<{ feed: PageLoad; bare: PageLoad; ownCpuPerPair: number[]; bareRates: number[]; problems: string[] }> {
  const pages: LoadPage[] = [
    {
      name: 'feed',
      url: `${o.web}/`,
      headers: { cookie: o.cookie },
      marker: 'role="feed"',
      server: o.webServer,
      gcMs: () => gcMsOf(o.probeDir),
    },
    { name: 'bare', url: `${o.bare}/`, headers: {}, marker: 'role="feed"', server: o.bareServer },
  ];
  console.log(`warming up (${o.warmupSeconds} s per page) …`);
  for (const page of pages) {
    const warm = await load(page, o.warmupSeconds, o.connections, o.relays);
    if (warm.problems.length) throw new Error(`warm-up: ${warm.problems.join('; ')}`);
  }
  const rounds: Record<PageName, Round[]> = { feed: [], bare: [] };
  const problems: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  console.log(`measuring: ${o.rounds} rounds × ${o.seconds} s per page, interleaved, ${o.connections} connections\n`);
  for (let r = 1; r <= o.rounds; r += 1) {
    // Which page goes first alternates from round to round: the page measured first in a round
    // was measured slower every time (two identical feed servers in the two places: 0.87–0.91×
    // the second one's pages per second, in four runs with either server first), so a fixed
    // order would count that against it. An even BENCH_ROUNDS gives each page each place equally.
    for (const page of r % 2 === 1 ? pages : [...pages].reverse()) {
      const round = await load(page, o.seconds, o.connections, o.relays);
      rounds[page.name].push(round);
      problems.push(...round.problems.map((p) => `round ${r} ${p}`));
      console.log(
        `  round ${r}  ${page.name.padEnd(4)}  ${String(round.pages).padStart(5)} pages in ${fixed(round.seconds, 1)} s = ${fixed(round.pages / round.seconds, 1).padStart(6)} pages/s` +
          `  p99 ${fixed(round.p99, 0)} ms  CPU ${fixed(round.cpuMs / round.sent)} ms/render  API ${fixed(round.api.total / round.sent)}/render`,
      );
    }
  }
  console.log(
    `\n  load average (1 min) before the rounds ${fixed(loadBefore)}, after ${fixed(os.loadavg()[0]!)}; ${os.cpus().length} CPUs`,
  );
  // Still the signed-in feed after the load (a lost session would render the landing page).
  const after = await fetchPage(`${o.web}/`, o.cookie);
  if (after.status !== 200 || !after.feed)
    problems.push(`feed: after the rounds / answered ${after.status}${after.feed ? '' : ' without the feed'}`);
  // The product's own CPU per render, pair by pair: a round's feed against the same round's bare
  // page, so that what moves the machine's speed from round to round moves both.
  const perRender = (r: Round) => r.cpuMs / r.sent;
  const ownCpuPerPair = rounds.feed.map((f, i) => perRender(f) - perRender(rounds.bare[i]!));
  // The bare page's rate round by round: how steady the machine was (bench/stats.ts, machineSlowdown).
  const bareRates = rounds.bare.map((r) => r.pages / r.seconds);
  return { feed: aggregate(rounds.feed), bare: aggregate(rounds.bare), ownCpuPerPair, bareRates, problems };
}
