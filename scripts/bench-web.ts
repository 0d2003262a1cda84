// npm run bench — the signed-in feed page, rendered by the web client (BFF) on loopback.
//
// Builds the web app into its own directory (.next-bench, so a running `npm start` is left
// alone; BENCH_SKIP_BUILD=1 reuses the last one), seeds a fresh temporary data directory,
// starts the API and `next start` on ports of their own, signs in by driving the OAuth flow
// over HTTP exactly as a browser does (web sign-in → the API's authorize page → sign in →
// Allow → the web's callback), then loads `/` with autocannon for BENCH_SECONDS.
//
// Prints: throughput and p50/p99 latency; CPU milliseconds per render (the web server's own
// CPU time from /proc, process tree included, divided by the pages served); HTML bytes of the
// feed; first-load JavaScript per page (the gzip size of every script the page's HTML loads).
// Exits 1 when the feed's first-load JavaScript is over the 200 KB gzip budget.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DIST = '.next-bench';
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 8);
/** The budget for the feed's first-load JavaScript. */
const JS_BUDGET_BYTES = 200 * 1000;
const SECRET = 'bench-client-secret';
const DEMO = { email: 'demo@example.com', password: 'demo-password' };

const children: ChildProcess[] = [];
let dataDir = '';

function cleanup() {
  for (const child of children) if (child.exitCode === null && child.pid) {
    try {
      // Each server was started in a process group of its own: end it and what it spawned.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

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

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
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
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start (${url})`);
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
  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
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
    answer = await request(jar, current);
  }
  return { url: current, res: answer };
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return fields;
}

/** A real session cookie of the web app for the demo user. */
async function signIn(web: string): Promise<string> {
  const jar = new Jar();
  const csrf = (await (await request(jar, `${web}/api/auth/csrf`)).json()) as { csrfToken: string };
  const started = await request(jar, `${web}/api/auth/signin/social`, { method: 'POST', form: { csrfToken: csrf.csrfToken, callbackUrl: '/', json: 'true' } });
  const { url: authorize } = (await started.json()) as { url: string };
  if (!authorize) throw new Error('the web app did not answer an authorize URL');

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

// ---- measurements ------------------------------------------------------------------------

/** CPU time (user + system, ms) of a process and all its descendants, from /proc. */
function cpuMs(pid: number): number {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const pids = [pid];
  for (let i = 0; i < pids.length; i += 1) {
    try {
      const kids = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (kids) pids.push(...kids.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  let total = 0;
  for (const p of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  return (total * 1000) / ticks;
}

/**
 * Every script a modern browser loads for the page: <script src> (but not `nomodule` ones,
 * the polyfills only old browsers fetch) and script preloads.
 */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1]!;
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (src && !/\snomodule\b/i.test(attrs)) urls.add(src);
  }
  for (const m of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*as="script"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*as="script"/g)) urls.add((m[1] ?? m[2])!);
  return [...urls].map((u) => u.replace(/&amp;/g, '&'));
}

async function firstLoadJs(web: string, pagePath: string, cookie: string) {
  const res = await fetch(`${web}${pagePath}`, { headers: { cookie } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
  let gzip = 0;
  let raw = 0;
  const scripts = scriptUrls(html);
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, web))).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  return { html, htmlBytes: Buffer.byteLength(html), scripts: scripts.length, raw, gzip };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

// ---- the run -----------------------------------------------------------------------------

const nextBin = path.join(root, 'node_modules/next/dist/bin/next');

if (!process.env.BENCH_SKIP_BUILD) {
  console.log(`building the web app into ${DIST}/ …`);
  execFileSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: '1' } });
} else if (!fs.existsSync(path.join(root, DIST, 'BUILD_ID'))) {
  throw new Error(`BENCH_SKIP_BUILD is set but there is no build in ${DIST}/`);
}

dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
const [apiPort, webPort] = [await freePort(), await freePort()];
const api = `http://localhost:${apiPort}`;
const web = `http://localhost:${webPort}`;
const shared = { OAUTH_CLIENT_ID: 'web', OAUTH_CLIENT_SECRET: SECRET, WEB_ORIGIN: web, NODE_ENV: 'production' as const };

console.log(`seeding demo data in ${dataDir} …`);
execFileSync(process.execPath, [path.join(root, 'api-server/src/seed/cli.ts')], { cwd: root, stdio: 'ignore', env: { ...process.env, DATA_DIR: path.join(dataDir, 'api') } });

start('api', [path.join(root, 'api-server/src/server.ts')], {
  ...shared, DATA_DIR: path.join(dataDir, 'api'), API_HOST: '127.0.0.1', API_PORT: String(apiPort), API_PUBLIC_URL: api, LOG_LEVEL: 'warn',
});
await waitFor(`${api}/.well-known/oauth-authorization-server`, 'the API');
const webServer = start('web', [nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(webPort)], {
  ...shared, NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: '1', PORT: String(webPort), SOCIAL_API_URL: `${api}/api/v1`,
  DATA_DIR: path.join(dataDir, 'web'), SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
});
await waitFor(`${web}/`, 'the web app');

const cookie = await signIn(web);
const feed = await firstLoadJs(web, '/', cookie);
if (!/role="feed"/.test(feed.html)) throw new Error('the signed-in home page did not render the feed: is the session real?');
const articles = (feed.html.match(/<article\b/g) ?? []).length;
const wall = await firstLoadJs(web, '/users/1', cookie);
const landing = await firstLoadJs(web, '/', '');

// Warm up (compiled code paths, connection pools), then measure.
await autocannon({ url: `${web}/`, headers: { cookie }, connections: 2, amount: 50 });
const before = cpuMs(webServer.pid!);
const result = await autocannon({ url: `${web}/`, headers: { cookie }, connections: CONNECTIONS, duration: DURATION });
const spent = cpuMs(webServer.pid!) - before;
if (result.non2xx || result.errors) throw new Error(`load on /: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
const served = result.requests.total;

const rows: Array<[string, string]> = [
  ['feed page /: throughput', `${result.requests.average.toFixed(1)} pages/s (${CONNECTIONS} connections, ${DURATION} s, ${served} pages)`],
  ['feed page /: latency p50 / p99', `${result.latency.p50} ms / ${result.latency.p99} ms`],
  ['feed page /: CPU per render', `${(spent / served).toFixed(2)} ms (web server process tree)`],
  ['feed page /: HTML', `${kb(feed.htmlBytes)} (${articles} articles), ${kb(zlib.gzipSync(feed.html).length)} gzip`],
  ['first-load JS /  (feed)', `${kb(feed.gzip)} gzip (${kb(feed.raw)} raw, ${feed.scripts} files)`],
  ['first-load JS /users/1 (wall)', `${kb(wall.gzip)} gzip (${kb(wall.raw)} raw, ${wall.scripts} files)`],
  ['first-load JS /  (signed out)', `${kb(landing.gzip)} gzip (${kb(landing.raw)} raw, ${landing.scripts} files)`],
  ['budget: feed first-load JS', `${kb(JS_BUDGET_BYTES)} gzip → ${feed.gzip <= JS_BUDGET_BYTES ? 'within' : 'OVER'}`],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nweb client benchmark (loopback, signed in as demo@example.com)\n');
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
console.log('');

if (feed.gzip > JS_BUDGET_BYTES) {
  console.error(`FAIL: the feed's first-load JavaScript is ${kb(feed.gzip)} gzip, over the ${kb(JS_BUDGET_BYTES)} budget`);
  process.exitCode = 1;
}
process.exit();
