// npm run bench — the signed-in feed page of the web client (BFF) against a bare Next page
// that renders the same feed, on loopback, in the same run.
//
// The bare page (bench/bare/, a minimal Next app of its own) reads the same GET /activities
// with a fixed token and renders the same fields as plain markup: what any Next server has to
// spend to render this feed. The run:
//
//   1. builds the web app into .next-bench/ (a running `npm start` is left alone) and the bare
//      app into bench/bare/.next/ (BENCH_SKIP_BUILD=1 reuses both builds; with it,
//      BENCH_WEB_DIST=dir measures another build of the web app, made with NEXT_DIST_DIR=dir:
//      one run is one process of each server, whose speed varies from process to process, so
//      a part's cost is an A/B of two builds over several runs each, alternating);
//   2. seeds a fresh temporary data directory, registers a password-grant client there with
//      the api:client CLI, starts the API, and takes the bare page's token with the password
//      grant (demo@example.com);
//   3. puts a counting relay (bench/relay.ts) in front of the API for each web server, so
//      that each one's API requests are counted apart, and starts both servers (`next start`);
//   4. signs in to the web app by driving the OAuth flow over HTTP as a browser does, as the
//      same demo user, so both pages show the same feed;
//   5. loads both pages with autocannon: a warm-up (BENCH_WARMUP_SECONDS per page, default
//      5), then BENCH_ROUNDS rounds (default 3) of
//      BENCH_SECONDS (default 5) per page, feed and bare alternating (which goes first
//      alternates from round to round), BENCH_CONNECTIONS
//      connections (default 8); every answer must be 200 and hold the feed;
//   6. uploads a 10 MB photo (a noise PNG just under UPLOAD_MAX_BYTES) BENCH_UPLOADS times
//      (default 5) through the web client's upload route and as many times straight to the
//      API, alternating (bench/upload.ts), sampling the web server's resident memory; then
//      once more through the route at 10 MiB/s with the memory probe on (bench/memory-probe.ts,
//      loaded into the web server: what it holds after a full collection, every 10 ms);
//   7. prints, per page: pages per second, p50/p99 latency, CPU milliseconds per render (the
//      web server's process tree, from /proc), HTML bytes, API requests per render; the
//      ratios feed ÷ bare; the first-load JavaScript of every page of JS_PAGES and, for the
//      editor pages, the rich-text editor they ask for once they run, judged together (the body
//      cannot be written before it arrives) against their budget: 190 KiB, the editor pages 260
//      KiB, first load and editor; the uploads' seconds and MiB/s each way, the web server's
//      RSS before, at its highest during, and after them, and what it held while it passed the
//      photo on; the targets.
//
// BENCH_VERBOSE=1 also lists every script counted for a page (its first load, then what it
// loads once it runs). To see where the time goes: BENCH_CPU_PROF=dir writes a V8 CPU profile
// of each server (dir/web/, dir/bare/), BENCH_NODE_ARGS passes node options to both (e.g.
// --trace-gc, which NODE_OPTIONS does not take), BENCH_SERVER_LOGS=dir keeps what they print.
// Exits 1 when a target is missed or a measurement is not valid (after printing everything).
// Everything listens on and talks to 127.0.0.1 only; every process started is stopped and the
// temporary data removed at the end.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { cpuMs } from '../bench/proc.ts';
import { Relays, type RelayCounts } from '../bench/relay.ts';
import { benchUploads } from '../bench/upload.ts';

const root = path.resolve(import.meta.dirname, '..');
const BARE_DIR = path.join(root, 'bench/bare');
/** The web app's build (BENCH_WEB_DIST: another one, with BENCH_SKIP_BUILD=1). */
const WEB_DIST = process.env.BENCH_WEB_DIST || '.next-bench';
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 5);
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
/** Uploads of the 10 MB photo each way (through the web client, straight to the API). */
const UPLOADS = Number(process.env.BENCH_UPLOADS || 5);
/** BENCH_VERBOSE=1 also lists the scripts counted for each page. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** BENCH_NODE_ARGS: node options for both web servers (e.g. --trace-gc). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The issue's targets, as this bench checks them. */
const TARGETS = {
  /** The feed's pages per second, at least this share of the bare page's. */
  throughputRatio: 0.8,
  /** The feed's HTML, at most this many times the bare page's. */
  htmlRatio: 1.5,
  /** API requests per feed render: one (1.05 leaves room for the edges of a timed round). */
  apiCallsPerFeedRender: 1.05,
  /** First-load JavaScript of every page, gzip level 9, in KiB. */
  firstLoadJsKiB: 190,
};

/**
 * The editor pages' budget (the issue's), for their first load and the rich-text editor they
 * load once they run, together: the editor's code is theirs alone.
 */
const EDITOR_PAGE_JS_KIB = 260;

/**
 * The pages whose first-load JavaScript is measured (and must stay within the target, or
 * `budgetKiB` when a page has its own). `{activity}` is the id of an activity the demo user can
 * see, `{album}` one of the demo user's albums and `{photo}` a photo in it, `{blog}` a published
 * blog post of someone else's, `{myBlog}` one of the demo user's own, `{listing}` a listing with photos, `{myListing}` one of the demo user's own with photos, `{event}` an upcoming event the demo user leads. `maybeMissing`: a 404 is
 * reported as not built yet rather than failing the run. `afterLoad`: code the page asks for
 * as soon as it runs, outside its first load (a lazily loaded component the page cannot be used
 * without): every chunk of the dynamic import, named in the page's first-load scripts, one of
 * whose chunks holds `marker`. It is printed beside the first load, and the two together are
 * judged against the page's budget.
 */
const JS_PAGES: Array<{
  label: string; server: 'web' | 'bare'; path: string; signedIn: boolean; maybeMissing?: boolean; budgetKiB?: number;
  afterLoad?: { what: string; marker: string };
}> = [
  { label: '/ (feed, signed in)', server: 'web', path: '/', signedIn: true },
  { label: '/ (landing, signed out)', server: 'web', path: '/', signedIn: false },
  { label: '/sign-in', server: 'web', path: '/sign-in', signedIn: false },
  { label: '/users/1 (wall)', server: 'web', path: '/users/1', signedIn: true },
  { label: '/activities/{activity}', server: 'web', path: '/activities/{activity}', signedIn: true, maybeMissing: true },
  { label: '/albums', server: 'web', path: '/albums', signedIn: true, maybeMissing: true },
  { label: '/albums/{album}', server: 'web', path: '/albums/{album}', signedIn: true, maybeMissing: true },
  { label: '/photos/{photo}', server: 'web', path: '/photos/{photo}', signedIn: true, maybeMissing: true },
  { label: '/albums/upload (Add photos)', server: 'web', path: '/albums/upload', signedIn: true },
  { label: '/blogs', server: 'web', path: '/blogs', signedIn: true },
  { label: '/blogs/{blog}', server: 'web', path: '/blogs/{blog}', signedIn: true },
  {
    label: '/blogs/new (editor)', server: 'web', path: '/blogs/new', signedIn: true, budgetKiB: EDITOR_PAGE_JS_KIB,
    afterLoad: { what: 'the rich-text editor', marker: 'ProseMirror' },
  },
  {
    label: '/blogs/{myBlog}/edit (editor)', server: 'web', path: '/blogs/{myBlog}/edit', signedIn: true, budgetKiB: EDITOR_PAGE_JS_KIB,
    afterLoad: { what: 'the rich-text editor', marker: 'ProseMirror' },
  },
  { label: '/listings', server: 'web', path: '/listings', signedIn: true },
  { label: '/listings/{listing}', server: 'web', path: '/listings/{listing}', signedIn: true },
  { label: '/dashboard', server: 'web', path: '/dashboard', signedIn: true },
  { label: '/dashboard/listings', server: 'web', path: '/dashboard/listings', signedIn: true },
  {
    label: '/listings/new (editor)', server: 'web', path: '/listings/new', signedIn: true, budgetKiB: EDITOR_PAGE_JS_KIB,
    afterLoad: { what: 'the rich-text editor', marker: 'ProseMirror' },
  },
  {
    label: '/listings/{myListing}/edit (editor)', server: 'web', path: '/listings/{myListing}/edit', signedIn: true, budgetKiB: EDITOR_PAGE_JS_KIB,
    afterLoad: { what: 'the rich-text editor', marker: 'ProseMirror' },
  },
  { label: '/events', server: 'web', path: '/events', signedIn: true },
  { label: '/events?view=calendar', server: 'web', path: '/events?view=calendar', signedIn: true },
  { label: '/events/{event}', server: 'web', path: '/events/{event}', signedIn: true },
  { label: '/events/new', server: 'web', path: '/events/new', signedIn: true },
  { label: '/dashboard/events', server: 'web', path: '/dashboard/events', signedIn: true },
  { label: 'bare page /', server: 'bare', path: '/', signedIn: false },
];

const SECRET = 'bench-client-secret';
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123';
const DEMO = { email: 'demo@example.com', password: 'demo-password' };
const BENCH_SCOPES = 'basic,activities,albums,blogs,classifieds,events';

// ---- processes ---------------------------------------------------------------------------

const children: ChildProcess[] = [];
let dataDir = '';
let relays: Relays | undefined;

function killAll(signal: NodeJS.Signals) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      // Each server was started in a process group of its own: end it and what it spawned.
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function removeData() {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  dataDir = '';
}

/** Stops every server (SIGTERM, then SIGKILL after 5 s), the relays, and removes the data. */
async function shutdown() {
  killAll('SIGTERM');
  const deadline = Date.now() + 5000;
  while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  killAll('SIGKILL');
  await relays?.close();
  relays = undefined;
  removeData();
}

// The last resort when the process ends some other way (an exception, process.exit).
process.on('exit', () => {
  killAll('SIGKILL');
  removeData();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void shutdown().finally(() => process.exit(130));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const log: string[] = [];
  const logDir = process.env.BENCH_SERVER_LOGS;
  if (logDir) fs.mkdirSync(logDir, { recursive: true });
  const file = logDir ? fs.createWriteStream(path.join(logDir, `${name}.log`)) : null;
  const keep = (chunk: Buffer) => {
    file?.write(chunk);
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 143) console.error(`${name} exited with ${code}:\n${log.join('')}`);
  });
  return child;
}

async function waitFor(url: string, what: string) {
  for (let i = 0; i < 300; i += 1) {
    try {
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${what} did not start (${url})`);
}

const nextBin = path.join(root, 'node_modules/next/dist/bin/next');

function build(what: string, cwd: string, env: Record<string, string>) {
  console.log(`building ${what} …`);
  execFileSync(process.execPath, [nextBin, 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' } });
}

// ---- signing in over HTTP, as a browser would --------------------------------------------

/** A cookie jar per host:port, enough for this flow (paths and expiry do not matter here). */
class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
  all(url: string): Map<string, string> {
    return this.cookies.get(new URL(url).host) ?? new Map();
  }
}

async function request(jar: Jar, url: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  let body = init.body;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    headers.set('origin', new URL(url).origin);
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/** Follows redirects by hand (cookies at every hop); answers the last response and its URL. */
async function follow(jar: Jar, url: string, res: Response): Promise<{ url: string; res: Response }> {
  let current = url;
  let answer = res;
  for (let hops = 0; hops < 10 && answer.status >= 300 && answer.status < 400; hops += 1) {
    current = new URL(answer.headers.get('location')!, current).href;
    await answer.arrayBuffer();
    answer = await request(jar, current);
  }
  return { url: current, res: answer };
}

const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unescapeHtml(m[2]!);
  return fields;
}

/**
 * A real session cookie of the web app for the demo user. The web app sends the browser to
 * the authorize page at its SOCIAL_API_URL, which here is its counting relay; a browser would
 * reach the API at its public address (API_PUBLIC_URL, which the API's forms check as their
 * Origin), so this "browser" goes to the API itself for the authorize page. The web app's own
 * requests (the token exchange, /users/me) still go through its relay.
 */
async function signIn(web: string, api: string): Promise<string> {
  const jar = new Jar();
  const csrf = (await (await request(jar, `${web}/api/auth/csrf`)).json()) as { csrfToken: string };
  const started = await request(jar, `${web}/api/auth/signin/social`, { method: 'POST', form: { csrfToken: csrf.csrfToken, callbackUrl: '/', json: 'true' } });
  const { url: relayed } = (await started.json()) as { url: string };
  if (!relayed) throw new Error('the web app did not answer an authorize URL');
  const relayedUrl = new URL(relayed);
  const authorize = new URL(relayedUrl.pathname + relayedUrl.search, api).href;

  let page = await follow(jar, authorize, await request(jar, authorize));
  let html = await page.res.text();
  if (!html.includes('name="password"')) throw new Error(`no sign-in form at ${page.url}`);
  const signedIn = await request(jar, page.url, { method: 'POST', form: { ...hiddenFields(html), email: DEMO.email, password: DEMO.password, action: 'sign_in' } });
  page = await follow(jar, page.url, signedIn);
  html = await page.res.text();
  if (!html.includes('value="allow"')) throw new Error(`no consent form after signing in (${page.res.status} at ${page.url})`);
  const allowed = await request(jar, page.url, { method: 'POST', form: { ...hiddenFields(html), action: 'allow' } });
  const back = await follow(jar, page.url, allowed);
  if (new URL(back.url).origin !== web || back.res.status !== 200) throw new Error(`sign-in did not come back to the web app (${back.res.status} at ${back.url})`);
  await back.res.arrayBuffer();
  // Whatever cookies the web app holds now: the session cookie among them.
  return [...jar.all(web)].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Registers a password-grant client in the API's database (the api:client CLI) and takes a token for the demo user. */
function registerBenchClient(apiDataDir: string): { client_id: string; client_secret: string } {
  const out = execFileSync(process.execPath, [
    path.join(root, 'api-server/src/cli/client.ts'), 'create', '--name', 'bench', '--redirect-uri', 'http://localhost/cb',
    '--grants', 'password', '--scopes', BENCH_SCOPES,
  ], { cwd: root, env: { ...process.env, DATA_DIR: apiDataDir }, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  // Its last line is the JSON of the new client.
  return JSON.parse(out.trim().split('\n').at(-1)!) as { client_id: string; client_secret: string };
}

async function passwordToken(api: string, client: { client_id: string; client_secret: string }): Promise<string> {
  const res = await fetch(`${api}/api/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', email: DEMO.email, password: DEMO.password, scope: BENCH_SCOPES.replaceAll(',', ' ') }),
  });
  const body = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new Error(`password grant refused: ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`);
  return body.access_token;
}

/** One of the demo user's albums that has photos, and its first photo (0 when there is none). */
async function albumAndPhoto(apiBase: string, token: string): Promise<{ album: number; photo: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const albums = (await (await fetch(`${apiBase}/albums/my?fields=id,total_photo&limit=20`, { headers })).json()) as { data: Array<{ id: number; total_photo: number }> };
  const album = albums.data.find((a) => a.total_photo > 0)?.id ?? 0;
  if (!album) return { album: 0, photo: 0 };
  const detail = (await (await fetch(`${apiBase}/albums/${album}?fields=id,photos&photo_fields=id&photo_limit=1`, { headers })).json()) as { data: { photos: Array<{ id: number }> } };
  return { album, photo: detail.data.photos[0]?.id ?? 0 };
}

/** A published blog post of someone else's the demo user can see, and one of the demo user's own (0 when none). */
async function blogIds(apiBase: string, token: string): Promise<{ blog: number; myBlog: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const first = async (url: string) => ((await (await fetch(url, { headers })).json()) as { data: Array<{ id: number }> }).data[0]?.id ?? 0;
  const me = ((await (await fetch(`${apiBase}/users/me`, { headers })).json()) as { data: { id: number } }).data.id;
  const others = ((await (await fetch(`${apiBase}/blogs?fields=id,owner&limit=20`, { headers })).json()) as { data: Array<{ id: number; owner: { id: number } }> }).data;
  return { blog: others.find((b) => b.owner.id !== me)?.id ?? 0, myBlog: await first(`${apiBase}/blogs/my?fields=id&limit=1`) };
}

/** A listing with photos the demo user can see, and one of the demo user's own with photos (0 when none). */
async function listingId(apiBase: string, token: string): Promise<{ listing: number; myListing: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const first = async (path: string) => ((await (await fetch(`${apiBase}${path}`, { headers })).json()) as { data: Array<{ id: number }> }).data[0]?.id ?? 0;
  return { listing: await first('/classifieds?has_photo=1&fields=id&limit=1'), myListing: await first('/classifieds/my?has_photo=1&fields=id&limit=1') };
}

/** One of the demo user's upcoming events (0 when none). */
async function eventId(apiBase: string, token: string): Promise<{ event: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${apiBase}/events/my?fields=id&limit=1&view=only_events_i_lead&when=upcoming`, { headers })).json()) as { data: Array<{ id: number }> };
  return { event: list.data[0]?.id ?? 0 };
}

// ---- measurements ------------------------------------------------------------------------

interface LoadPage {
  name: 'feed' | 'bare';
  url: string;
  headers: Record<string, string>;
  /** Every answer must contain this, or the round is not valid. */
  marker: string;
  server: ChildProcess;
}

interface Round {
  /** Answers received. */
  pages: number;
  /** Requests sent (answered or cut off when the round ended). */
  sent: number;
  seconds: number;
  cpuMs: number;
  api: RelayCounts;
  latencies: number[];
  p99: number;
  problems: string[];
}

/** One timed load of one page, with its CPU time and API requests. */
async function load(page: LoadPage, seconds: number): Promise<Round> {
  const latencies: number[] = [];
  await relays!.reset(page.name);
  const cpuBefore = cpuMs(page.server.pid!);
  const instance = autocannon({
    url: page.url,
    headers: page.headers,
    connections: CONNECTIONS,
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
  const api = await relays!.counts(page.name);
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
    api,
    latencies,
    p99: percentile(latencies, 0.99),
    problems: problems.map((p) => `${page.name}: ${p}`),
  };
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
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
    seconds,
    pagesPerSecond: pages / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    worstRoundP99: Math.max(...rounds.map((r) => r.p99)),
    // A render cut off at the end of a round still did its work: per request sent.
    cpuPerRender: rounds.reduce((n, r) => n + r.cpuMs, 0) / sent,
    apiPerRender: apiCalls / sent,
    byRoute: Object.fromEntries(Object.entries(byRoute).map(([k, v]) => [k, v / sent])),
  };
}

/**
 * Every script a modern browser loads for the page before it is interactive: its
 * <script src> (not the `nomodule` polyfills only old browsers fetch), its script preloads,
 * and every chunk named in the inline scripts — the RSC payload (`self.__next_f.push([1,"…"])`,
 * escaped JSON, which names the client chunks of the page's client components) and
 * Turbopack's chunk list. Answers absolute paths (/_next/static/chunks/…).
 */
/** Where a page names a script: a <script src>, a preload, the RSC payload, another inline script. */
type ScriptSource = 'script' | 'preload' | 'rsc' | 'inline';

function pageScripts(html: string): Map<string, Set<ScriptSource>> {
  const urls = new Map<string, Set<ScriptSource>>();
  const add = (url: string, from: ScriptSource) => urls.set(url, (urls.get(url) ?? new Set()).add(from));
  const noModule = new Set<string>();
  const chunksIn = (text: string, from: ScriptSource) => {
    for (const m of text.matchAll(/(?:\/_next\/)?static\/chunks\/[^"'\s\\<>]+?\.js(?![\w.])/g)) add(m[0].startsWith('/') ? m[0] : `/_next/${m[0]}`, from);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      if (/\snomodule\b/i.test(attrs)) noModule.add(unescapeHtml(src));
      else add(unescapeHtml(src), 'script');
      continue;
    }
    const body = m[2]!;
    const push = /^\s*self\.__next_f\.push\(([\s\S]*)\)\s*;?\s*$/.exec(body);
    if (push) {
      try {
        const args = JSON.parse(push[1]!) as unknown[];
        for (const a of args) if (typeof a === 'string') chunksIn(a, 'rsc');
        continue;
      } catch {
        // not plain JSON: read it as it is
      }
    }
    chunksIn(body, 'inline');
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = m[1]!;
    const rel = /\srel="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const as = /\sas="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const href = /\shref="([^"]+)"/.exec(attrs)?.[1];
    if (href && ((rel === 'preload' && as === 'script') || rel === 'modulepreload')) add(unescapeHtml(href), 'preload');
  }
  for (const u of noModule) urls.delete(u);
  return urls;
}

const downloaded = new Map<string, Buffer>();
async function download(url: string): Promise<Buffer> {
  let body = downloaded.get(url);
  if (!body) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    body = Buffer.from(await res.arrayBuffer());
    downloaded.set(url, body);
  }
  return body;
}

const gzip9 = (b: Buffer | string) => zlib.gzipSync(b, { level: 9 }).length;

interface FirstLoad {
  label: string;
  /** Its budget, KiB. */
  budgetKiB: number;
  /** Code asked for as soon as the page runs, outside its first load: judged with it. */
  afterLoad?: AfterLoad;
  status: number;
  files: number;
  /** Each script counted: its path, gzip size and where the page names it. */
  scripts: Array<{ src: string; gzip: number; from: ScriptSource[] }>;
  raw: number;
  gzip: number;
  /** 404 on a page that may not be built yet: reported, not judged. */
  missing: boolean;
}

interface AfterLoad {
  what: string;
  files: number;
  gzip: number;
  /** Each chunk counted: its path and gzip size. */
  scripts: Array<{ src: string; gzip: number }>;
}

/**
 * What a page asks for as soon as it runs, outside its first load: every chunk of the dynamic
 * import that brings `marker`. Turbopack's loader of a dynamic import names its chunks in a list
 * (`["static/chunks/….js", …]`) in the page's scripts; each list in a first-load script one of
 * whose chunks (fetched from the server, as the browser does) holds the marker counts, less the
 * chunks already in the first load. No file: no loader leads to the marker (the run is then not
 * valid).
 */
async function chunksAfterLoad(origin: string, what: string, marker: string, loaded: FirstLoad['scripts']): Promise<AfterLoad> {
  const first = new Set(loaded.map((c) => new URL(c.src, origin).pathname));
  const later = new Map<string, number>();
  for (const c of loaded) {
    const body = (await download(new URL(c.src, origin).href)).toString();
    for (const list of body.matchAll(/\[((?:\s*"static\/chunks\/[^"\\]+\.js"\s*,?)+)\]/g)) {
      const chunks = [...list[1]!.matchAll(/"(static\/chunks\/[^"\\]+\.js)"/g)].map((m) => `/_next/${m[1]}`);
      const bodies = await Promise.all(chunks.map((src) => download(new URL(src, origin).href)));
      if (!bodies.some((b) => b.includes(marker))) continue;
      chunks.forEach((src, i) => {
        if (!first.has(src)) later.set(src, gzip9(bodies[i]!));
      });
    }
  }
  const scripts = [...later].map(([src, gzip]) => ({ src, gzip }));
  return { what, files: scripts.length, gzip: scripts.reduce((n, c) => n + c.gzip, 0), scripts };
}

/** What a page's budget is held against: its first load, and what it loads once it runs. */
const judgedJs = (f: FirstLoad) => f.gzip + (f.afterLoad?.gzip ?? 0);

async function firstLoadJs(origin: string, pagePath: string, cookie: string, label: string, maybeMissing: boolean, budgetKiB: number): Promise<FirstLoad> {
  const res = await fetch(`${origin}${pagePath}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  if (res.status === 404 && maybeMissing) return { label, budgetKiB, status: 404, files: 0, scripts: [], raw: 0, gzip: 0, missing: true };
  const scripts = res.status === 200 ? pageScripts(html) : new Map<string, Set<ScriptSource>>();
  const counted: FirstLoad['scripts'] = [];
  let raw = 0;
  for (const [src, from] of scripts) {
    const body = await download(new URL(src, origin).href);
    raw += body.length;
    counted.push({ src, gzip: gzip9(body), from: [...from] });
  }
  const gzip = counted.reduce((n, c) => n + c.gzip, 0);
  return { label, budgetKiB, status: res.status, files: counted.length, scripts: counted, raw, gzip, missing: false };
}

const kib = (n: number) => (n / 1024).toFixed(1);
const fixed = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** One page fetched once: its status, HTML and number of <article> elements. */
async function fetchPage(url: string, cookie: string) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, html, articles: (html.match(/<article\b/g) ?? []).length, feed: html.includes('role="feed"') };
}

// ---- the run -----------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!SKIP_BUILD) {
    // The secrets only keep the build's page-data step from warning about the defaults.
    build(`the web app into ${WEB_DIST}/`, root, { NEXT_DIST_DIR: WEB_DIST, OAUTH_CLIENT_SECRET: SECRET, SESSION_SECRET });
    build('the bare page into bench/bare/.next/', BARE_DIR, {});
  } else {
    for (const dir of [path.join(root, WEB_DIST), path.join(BARE_DIR, '.next')]) {
      if (!fs.existsSync(path.join(dir, 'BUILD_ID'))) throw new Error(`BENCH_SKIP_BUILD=1 but there is no build in ${path.relative(root, dir)}/`);
    }
  }

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const apiData = path.join(dataDir, 'api');
  const [apiPort, webPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const web = `http://127.0.0.1:${webPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const probeDir = path.join(dataDir, 'memory-probe');
  fs.mkdirSync(probeDir);
  const shared = { OAUTH_CLIENT_ID: 'web', OAUTH_CLIENT_SECRET: SECRET, WEB_ORIGIN: web, NODE_ENV: 'production' as const };

  console.log(`seeding demo data in ${dataDir} …`);
  execFileSync(process.execPath, [path.join(root, 'api-server/src/seed/cli.ts')], { cwd: root, stdio: 'ignore', env: { ...process.env, DATA_DIR: apiData } });
  const benchClient = registerBenchClient(apiData);

  start('api', [path.join(root, 'api-server/src/server.ts')], {
    ...shared, DATA_DIR: apiData, API_HOST: '127.0.0.1', API_PORT: String(apiPort), API_PUBLIC_URL: api, LOG_LEVEL: 'warn',
  });
  await waitFor(`${api}/.well-known/oauth-authorization-server`, 'the API');
  const token = await passwordToken(api, benchClient);

  relays = await Relays.start(api, ['feed', 'bare']);
  const webServer = start('web', [...NODE_ARGS, nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(webPort)], {
    ...shared, NEXT_DIST_DIR: WEB_DIST, NEXT_TELEMETRY_DISABLED: '1', PORT: String(webPort), SOCIAL_API_URL: `${relays.origin('feed')}/api/v1`,
    DATA_DIR: path.join(dataDir, 'web'), SESSION_SECRET,
    // The memory probe (bench/memory-probe.ts) records what the server holds during an upload;
    // idle until the upload measurement turns it on. BENCH_CPU_PROF=dir: a V8 CPU profile of
    // each server (dir/web/, dir/bare/), written when it stops.
    BENCH_MEMORY_PROBE: probeDir,
    NODE_OPTIONS: [
      `--expose-gc --import=${pathToFileURL(path.join(root, 'bench/memory-probe.ts')).href}`,
      process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, 'web')}` : '',
    ].join(' ').trim(),
  });
  const bareServer = start('bare', [...NODE_ARGS, nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(barePort)], {
    NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(barePort), SOCIAL_API_URL: `${relays.origin('bare')}/api/v1`, BENCH_TOKEN: token,
    NODE_OPTIONS: [
      process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, 'bare')}` : '',
    ].join(' ').trim(),
  }, BARE_DIR);
  await waitFor(`${web}/sign-in`, 'the web app');
  await waitFor(`${bare}/`, 'the bare page');

  const cookie = await signIn(web, api);

  // ---- is the instrument right? Both pages answer 200 with the feed, the same 15 items.
  const apiFeed = (await (await fetch(`${api}/api/v1/activities?limit=15&fields=id`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { items: Array<{ id: number }> } };
  const expected = apiFeed.data.items.length;
  const activityId = apiFeed.data.items[0]?.id;
  const problems: string[] = [];
  const once: Record<'feed' | 'bare', Awaited<ReturnType<typeof fetchPage>> & { api: RelayCounts }> = {} as never;
  for (const [name, url, c] of [['feed', `${web}/`, cookie], ['bare', `${bare}/`, '']] as const) {
    await relays.reset(name);
    const page = await fetchPage(url, c);
    await sleep(300);
    once[name] = { ...page, api: await relays.counts(name) };
    if (page.status !== 200) problems.push(`${name}: / answered ${page.status}`);
    if (!page.feed) problems.push(`${name}: / has no role="feed"${name === 'feed' ? ' (is the session real?)' : ''}`);
  }
  // BENCH_SAVE_HTML=dir keeps both pages' HTML, to see where the bytes go.
  if (process.env.BENCH_SAVE_HTML) {
    fs.mkdirSync(process.env.BENCH_SAVE_HTML, { recursive: true });
    for (const name of ['feed', 'bare'] as const) fs.writeFileSync(path.join(process.env.BENCH_SAVE_HTML, `${name}.html`), once[name].html);
  }
  if (once.bare.articles !== expected) problems.push(`bare: rendered ${once.bare.articles} articles, the API answered ${expected} activities`);
  if (problems.length) throw new Error(`the pages are not ready to measure:\n  ${problems.join('\n  ')}`);

  // ---- first-load JavaScript of every page
  const ids = {
    activity: activityId ?? 0,
    ...(await albumAndPhoto(`${api}/api/v1`, token)),
    ...(await blogIds(`${api}/api/v1`, token)),
    ...(await listingId(`${api}/api/v1`, token)),
    ...(await eventId(`${api}/api/v1`, token)),
  };
  const fill = (text: string) => text.replace(/\{(activity|album|photo|blog|myBlog|listing|myListing|event)\}/g, (_, k: keyof typeof ids) => String(ids[k]));
  const firstLoads: FirstLoad[] = [];
  for (const p of JS_PAGES) {
    const budget = p.budgetKiB ?? TARGETS.firstLoadJsKiB;
    const f = await firstLoadJs(p.server === 'web' ? web : bare, fill(p.path), p.signedIn ? cookie : '', fill(p.label), p.maybeMissing ?? false, budget);
    if (p.afterLoad && f.status === 200) {
      f.afterLoad = await chunksAfterLoad(p.server === 'web' ? web : bare, p.afterLoad.what, p.afterLoad.marker, f.scripts);
      if (!f.afterLoad.files) problems.push(`${f.label}: none of its scripts loads a chunk holding "${p.afterLoad.marker}" (${p.afterLoad.what} not found)`);
    }
    firstLoads.push(f);
  }

  // ---- load: a warm-up, then the rounds, feed and bare alternating
  const pages: LoadPage[] = [
    { name: 'feed', url: `${web}/`, headers: { cookie }, marker: 'role="feed"', server: webServer },
    { name: 'bare', url: `${bare}/`, headers: {}, marker: 'role="feed"', server: bareServer },
  ];
  console.log(`warming up (${WARMUP_SECONDS} s per page) …`);
  for (const page of pages) {
    const warm = await load(page, WARMUP_SECONDS);
    if (warm.problems.length) throw new Error(`warm-up: ${warm.problems.join('; ')}`);
  }
  const rounds: Record<'feed' | 'bare', Round[]> = { feed: [], bare: [] };
  const loadBefore = os.loadavg()[0]!;
  console.log(`measuring: ${ROUNDS} rounds × ${SECONDS} s per page, interleaved, ${CONNECTIONS} connections\n`);
  for (let r = 1; r <= ROUNDS; r += 1) {
    // Which page goes first alternates from round to round: the page measured first in a round
    // was measured slower every time (two identical feed servers in the two places: 0.87–0.91×
    // the second one's pages per second, in four runs with either server first), so a fixed
    // order would count that against it. An even BENCH_ROUNDS gives each page each place equally.
    for (const page of r % 2 === 1 ? pages : [...pages].reverse()) {
      const round = await load(page, SECONDS);
      rounds[page.name].push(round);
      problems.push(...round.problems.map((p) => `round ${r} ${p}`));
      console.log(
        `  round ${r}  ${page.name.padEnd(4)}  ${String(round.pages).padStart(5)} pages in ${fixed(round.seconds, 1)} s = ${fixed(round.pages / round.seconds, 1).padStart(6)} pages/s`
        + `  p99 ${fixed(round.p99, 0)} ms  CPU ${fixed(round.cpuMs / round.sent)} ms/render  API ${fixed(round.api.total / round.sent)}/render`,
      );
    }
  }
  console.log(`\n  load average (1 min) before the rounds ${fixed(loadBefore)}, after ${fixed(os.loadavg()[0]!)}; ${os.cpus().length} CPUs`);
  // Still the signed-in feed after the load (a lost session would render the landing page).
  const after = await fetchPage(`${web}/`, cookie);
  if (after.status !== 200 || !after.feed) problems.push(`feed: after the rounds / answered ${after.status}${after.feed ? '' : ' without the feed'}`);

  // ---- a 10 MB photo through the web client's upload route, and straight to the API. The
  // direct uploads go through the other counting relay, so that both ways cross one relay.
  console.log(`
uploading a 10 MB photo ${UPLOADS} times through the web client and ${UPLOADS} times straight to the API …`);
  const uploads = await benchUploads({ web, cookie, apiBase: `${relays.origin('bare')}/api/v1`, token, webPid: webServer.pid!, probeDir, count: UPLOADS });

  // ---- the report
  const feed = aggregate(rounds.feed);
  const bareAgg = aggregate(rounds.bare);
  const html = { feed: Buffer.byteLength(once.feed.html), bare: Buffer.byteLength(once.bare.html) };
  const htmlGz = { feed: gzip9(once.feed.html), bare: gzip9(once.bare.html) };
  const ratio = {
    throughput: feed.pagesPerSecond / bareAgg.pagesPerSecond,
    cpu: feed.cpuPerRender / bareAgg.cpuPerRender,
    html: html.feed / html.bare,
    htmlGz: htmlGz.feed / htmlGz.bare,
    p99: feed.p99 / bareAgg.p99,
  };

  const table = (rows: string[][]) => {
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    for (const row of rows) console.log(`  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ')}`);
  };
  console.log(`\nweb client benchmark (loopback; both pages show demo@example.com's feed; ${ROUNDS} × ${SECONDS} s per page, ${CONNECTIONS} connections)\n`);
  table([
    ['', 'feed /', 'bare /', 'feed ÷ bare'],
    ['pages/s', fixed(feed.pagesPerSecond, 1), fixed(bareAgg.pagesPerSecond, 1), fixed(ratio.throughput)],
    ['pages served', String(feed.pages), String(bareAgg.pages), ''],
    ['latency p50 (ms)', fixed(feed.p50, 0), fixed(bareAgg.p50, 0), ''],
    ['latency p99 (ms)', fixed(feed.p99, 0), fixed(bareAgg.p99, 0), fixed(ratio.p99)],
    ['worst round p99 (ms)', fixed(feed.worstRoundP99, 0), fixed(bareAgg.worstRoundP99, 0), ''],
    ['CPU ms / render', fixed(feed.cpuPerRender), fixed(bareAgg.cpuPerRender), fixed(ratio.cpu)],
    ['HTML (KiB)', kib(html.feed), kib(html.bare), fixed(ratio.html)],
    ['HTML gzip -9 (KiB)', kib(htmlGz.feed), kib(htmlGz.bare), fixed(ratio.htmlGz)],
    ['<article> elements', String(once.feed.articles), String(once.bare.articles), ''],
    ['API requests / render', fixed(feed.apiPerRender), fixed(bareAgg.apiPerRender), ''],
  ]);
  console.log('\n  API requests per render, by route (timed rounds; a single render in brackets)');
  for (const [name, agg] of [['feed', feed], ['bare', bareAgg]] as const) {
    const routes = new Set([...Object.keys(agg.byRoute), ...Object.keys(once[name].api.byRoute)]);
    for (const route of [...routes].sort()) console.log(`    ${name}  ${route.padEnd(36)} ${fixed(agg.byRoute[route] ?? 0)}  [${once[name].api.byRoute[route] ?? 0}]`);
  }

  console.log(
    '\nJavaScript of every page (first load: every <script src> but nomodule, script preloads, chunks named in the RSC payload;'
    + ' after load: the chunks of the editor the editor pages ask for as soon as they run; the budget holds both; gzip -9; KiB = 1,024 bytes)\n',
  );
  const jsRows = [['page', 'status', 'files', 'raw KiB', 'first load KiB', 'after load KiB', 'total KiB', 'budget KiB', '']];
  for (const f of firstLoads) {
    if (f.missing) {
      jsRows.push([f.label, '404 (not built)', '', '', '', '', '', String(f.budgetKiB), '–']);
      continue;
    }
    const a = f.afterLoad;
    jsRows.push([
      f.label, String(f.status), String(f.files + (a?.files ?? 0)), kib(f.raw), kib(f.gzip), a ? kib(a.gzip) : '', kib(judgedJs(f)), String(f.budgetKiB),
      f.status !== 200 || (a && !a.files) ? 'FAIL' : judgedJs(f) <= f.budgetKiB * 1024 ? 'pass' : 'FAIL',
    ]);
  }
  table(jsRows);
  for (const f of firstLoads) if (f.afterLoad) console.log(`  ${f.label}: after load, ${f.afterLoad.what} (${f.afterLoad.files} file(s))`);
  if (VERBOSE) {
    for (const f of firstLoads) {
      console.log(`\n  ${f.label}`);
      for (const c of f.scripts) console.log(`    ${kib(c.gzip).padStart(6)} KiB  ${c.src}  (${c.from.join(', ')})`);
      for (const c of f.afterLoad?.scripts ?? []) console.log(`    ${kib(c.gzip).padStart(6)} KiB  ${c.src}  (after load: ${f.afterLoad!.what})`);
    }
  }

  const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
  const signedMib = (n: number) => `${n < 0 ? '−' : '+'}${mib(Math.abs(n))}`;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const upload = {
    web: mean(uploads.viaWeb),
    direct: mean(uploads.direct),
    growth: uploads.rss.peak - uploads.rss.before,
    held: uploads.live.peak - uploads.live.before,
  };
  console.log(`\nupload of a ${mib(uploads.fileBytes)} MiB photo (POST /api/upload/photos → POST /albums/photo_upload; ${UPLOADS} each way, alternating)\n`);
  table([
    ['', 'via the web client', 'straight to the API', 'web ÷ API'],
    ['seconds per upload (mean)', fixed(upload.web), fixed(upload.direct), fixed(upload.web / upload.direct)],
    ['throughput (MiB/s)', fixed(uploads.fileBytes / (1024 * 1024) / upload.web, 1), fixed(uploads.fileBytes / (1024 * 1024) / upload.direct, 1), fixed(upload.direct / upload.web)],
  ]);
  console.log(
    `\n  web server memory (RSS of its process tree): before ${mib(uploads.rss.before)} MiB, highest during the uploads ${mib(uploads.rss.peak)} MiB`
    + ` (+${mib(upload.growth)} MiB; garbage not yet collected included), after ${mib(uploads.rss.after)} MiB`,
  );
  console.log(
    `  held by the web server after a full collection, one upload sent at 10 MiB/s (${fixed(uploads.live.seconds, 1)} s, ${uploads.live.samples} samples):`
    + ` before ${mib(uploads.live.before)} MiB, at most ${mib(uploads.live.peak)} MiB during it (${signedMib(upload.held)} MiB)`,
  );

  const targets: Array<[string, string, boolean]> = [
    [`the web server holds less than a quarter of the photo while it passes it on (the route streams)`, `${signedMib(upload.held)} MiB for ${mib(uploads.fileBytes)} MiB`, upload.held < uploads.fileBytes / 4],
    [`feed throughput ≥ ${TARGETS.throughputRatio}× the bare page's`, `${fixed(ratio.throughput)}×`, ratio.throughput >= TARGETS.throughputRatio],
    [`feed HTML ≤ ${TARGETS.htmlRatio}× the bare page's`, `${fixed(ratio.html)}×`, ratio.html <= TARGETS.htmlRatio],
    [`one API request per feed render (≤ ${TARGETS.apiCallsPerFeedRender})`, fixed(feed.apiPerRender), feed.apiPerRender <= TARGETS.apiCallsPerFeedRender],
  ];
  for (const f of firstLoads) {
    if (f.missing) continue;
    const a = f.afterLoad;
    targets.push([
      a ? `JS of ${f.label}, first load and ${a.what}, ≤ ${f.budgetKiB} KiB gzip` : `first-load JS of ${f.label} ≤ ${f.budgetKiB} KiB gzip`,
      f.status !== 200 ? `answered ${f.status}` : a ? `${kib(f.gzip)} + ${kib(a.gzip)} = ${kib(judgedJs(f))} KiB` : `${kib(f.gzip)} KiB`,
      f.status === 200 && (!a || a.files > 0) && judgedJs(f) <= f.budgetKiB * 1024,
    ]);
  }
  console.log('\ntargets\n');
  const whatWidth = Math.max(...targets.map(([what]) => what.length));
  for (const [what, value, ok] of targets) console.log(`  ${ok ? 'pass' : 'FAIL'}  ${what.padEnd(whatWidth)}  ${value}`);
  for (const f of firstLoads) if (f.missing) console.log(`  –     ${f.label}: 404 (not built), not judged`);

  if (problems.length) {
    console.log('\nthe measurement is not valid:');
    for (const p of problems) console.log(`  ${p}`);
  }
  const missed = targets.filter(([, , ok]) => !ok).length;
  console.log(`\n${missed || problems.length ? `FAIL: ${missed} target(s) missed${problems.length ? `, ${problems.length} measurement problem(s)` : ''}` : 'all targets met'}`);
  return missed || problems.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await shutdown();
}
process.exit(code);
