// The servers `npm run bench` measures, and everything they need, on loopback:
// - builds: the web app into its own dist dir (.next-bench/ by default, so that a running
//   `npm start` is left alone) and the bare page (bench/bare/, a minimal Next app of its own)
//   into bench/bare/.next/; or, with skipBuild, checks that both builds are there;
// - a fresh temporary data directory, seeded with the demo data, where a password-grant client
//   is registered (bench/sign-in.ts) before the API starts; then the API, and the bare page's
//   token for the demo user;
// - a counting relay (bench/relay.ts) in front of the API for each web server, so that each
//   one's API requests are counted apart, and the two web servers (the web app as `npm start`
//   runs it, web-server/server.ts; the bare page on plain `next start`), each in a process
//   group of its own; both web servers load the memory probe (bench/memory-probe.ts),
//   idle until the upload measurement turns it on.
// Every server listens on 127.0.0.1, on a free port. `shutdown` stops every process started,
// closes the relays and removes the temporary data; it also runs when the bench is interrupted
// (SIGINT, SIGTERM), and the processes are killed and the data removed however it ends.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { concurrencyLimit } from '../web-server/admission.ts';
import { buildWeb } from '../scripts/build-web.ts';
import { NEXT_BIN, nextStartArgs, webServerArgs } from '../web-server/next-start.ts';
import { freePorts } from '../lib/testing/free-ports.ts';
import { Relays } from './relay.ts';
import { passwordGrant, passwordToken, registerBenchClient } from './sign-in.ts';

const root = path.resolve(import.meta.dirname, '..');
const BARE_DIR = path.join(root, 'bench/bare');
const SECRET = 'bench-client-secret';
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123';

// ---- processes ---------------------------------------------------------------------------

const children: ChildProcess[] = [];
let dataDir = '';
let relays: Relays | undefined;

function killAll(signal: NodeJS.Signals, which = children) {
  for (const child of which)
    if (child.exitCode === null && child.signalCode === null && child.pid) {
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

/** Stops these processes (their groups): SIGTERM, then SIGKILL after 5 s. */
export async function stopProcesses(which: ChildProcess[]) {
  killAll('SIGTERM', which);
  const deadline = Date.now() + 5000;
  while (which.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  killAll('SIGKILL', which);
}

/** Stops every server (SIGTERM, then SIGKILL after 5 s), the relays, and removes the data. */
export async function shutdown() {
  await stopProcesses(children);
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

/**
 * Starts a process (node unless `command` says otherwise) in a process group of its own; what it
 * prints is kept (the last 200 chunks, and all of it in logDir/name.log) and shown if it fails.
 * `shutdown` stops it, and it is killed however the bench ends.
 */
export function start(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  logDir: string | undefined,
  cwd = root,
  command = process.execPath,
): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const log: string[] = [];
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

/**
 * Until `url` answers 200 (the page itself, not whatever else might answer at that address),
 * failing at once when the server's process has ended (a port it could not listen on, a crash).
 */
export async function waitFor(url: string, what: string, child: ChildProcess) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it answered (${url})`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${what} did not start (${url})`);
}

// ---- the builds --------------------------------------------------------------------------

function build(what: string, cwd: string, env: Record<string, string>) {
  console.log(`building ${what} …`);
  execFileSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

/** Builds the web app into `webDist` and the bare page; with `skipBuild`, checks that both builds are there. */
export function buildApps(o: { skipBuild: boolean; webDist: string }) {
  if (!o.skipBuild) {
    // The secrets only keep the build's page-data step from warning about the defaults.
    // The web app is built as it is everywhere (scripts/build-web.ts: `next build` and the browser
    // chunks' compile hints); the bare page with plain `next build`, as Next gives it.
    console.log(`building the web app into ${o.webDist}/ …`);
    const env = { NEXT_DIST_DIR: o.webDist, OAUTH_CLIENT_SECRET: SECRET, SESSION_SECRET, NEXT_TELEMETRY_DISABLED: '1' };
    buildWeb(root, { ...process.env, ...env }, 'pipe-errors');
    build('the bare page into bench/bare/.next/', BARE_DIR, {});
  } else {
    for (const dir of [path.join(root, o.webDist), path.join(BARE_DIR, '.next')]) {
      if (!fs.existsSync(path.join(dir, 'BUILD_ID')))
        throw new Error(`BENCH_SKIP_BUILD=1 but there is no build in ${path.relative(root, dir)}/`);
    }
  }
}

// ---- the servers -------------------------------------------------------------------------

export interface ServerOptions {
  /** The web app's build (its NEXT_DIST_DIR). */
  webDist: string;
  /** Node options for both web servers (e.g. --trace-gc, which NODE_OPTIONS does not take). */
  nodeArgs: string[];
  /** Where each web server writes a V8 CPU profile when it stops (dir/web/, dir/bare/). */
  cpuProf?: string;
  /** Where each server's output is kept (dir/api.log, dir/web.log, dir/bare.log). */
  serverLogs?: string;
}

export interface Servers {
  /** Origins: the API, the web app, the bare page. */
  api: string;
  web: string;
  bare: string;
  /** The bare page's token for the demo user (good for the API too). */
  token: string;
  /** The counting relays: 'feed' in front of the web app, 'bare' in front of the bare page. */
  relays: Relays;
  webServer: ChildProcess;
  bareServer: ChildProcess;
  /** The web server's memory probe directory (BENCH_MEMORY_PROBE). */
  probeDir: string;
}

/** Seeds temporary data and starts the API, the relays, the web app and the bare page; answers when all answer. */
export async function startServers(o: ServerOptions): Promise<Servers> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const apiData = path.join(dataDir, 'api');
  const [apiPort, webPort, barePort] = (await freePorts(3)) as [number, number, number];
  const api = `http://127.0.0.1:${apiPort}`;
  const web = `http://127.0.0.1:${webPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const probeDir = path.join(dataDir, 'memory-probe');
  const bareProbeDir = path.join(dataDir, 'memory-probe-bare');
  fs.mkdirSync(probeDir);
  fs.mkdirSync(bareProbeDir);
  // The memory probe (bench/memory-probe.ts) records what the server holds during an upload
  // (idle until the upload measurement turns it on) and the time spent collecting garbage. Both
  // servers carry it, so that its small cost (a stat and a write on timers, a GC observer) is not
  // counted as the product's own.
  const probe = (dir: string, prof: string) => ({
    BENCH_MEMORY_PROBE: dir,
    NODE_OPTIONS: [
      `--expose-gc --import=${pathToFileURL(path.join(root, 'bench/memory-probe.ts')).href}`,
      o.cpuProf ? `--cpu-prof --cpu-prof-dir=${path.join(o.cpuProf, prof)}` : '',
    ]
      .join(' ')
      .trim(),
  });
  const shared = { OAUTH_CLIENT_ID: 'web', OAUTH_CLIENT_SECRET: SECRET, WEB_ORIGIN: web, NODE_ENV: 'production' as const };

  console.log(`seeding demo data in ${dataDir} …`);
  // With its videos and songs (ffmpeg's), so that the video and music pages are measured on real ones.
  execFileSync(process.execPath, [path.join(root, 'api-server/src/seed/cli.ts'), '--media'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: apiData },
  });
  const benchClient = registerBenchClient(apiData);
  // The counting relays, in front of the API for each page. The feed's is also the API's public
  // address (API_PUBLIC_URL): the web app's Content-Security-Policy allows pictures from its
  // SOCIAL_API_URL's origin, and the API names its files under its public address, so a browser
  // sees the pictures only when the two are one, as in any real deployment.
  relays = await Relays.start(api, ['feed', 'bare']);

  const apiServer = start(
    'api',
    [path.join(root, 'api-server/src/server.ts')],
    {
      ...shared,
      DATA_DIR: apiData,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      API_PUBLIC_URL: relays.origin('feed'),
      LOG_LEVEL: 'warn',
    },
    o.serverLogs,
  );
  await waitFor(`${api}/.well-known/oauth-authorization-server`, 'the API', apiServer);
  const grant = passwordGrant(benchClient);
  const token = await passwordToken(api, grant);

  console.log(
    `web app: web-server/server.ts, renders at once while busy: ${concurrencyLimit() || 'no limit'} (WEB_CONCURRENCY_LIMIT); bare page: next start`,
  );
  const webServer = start(
    'web',
    webServerArgs(webPort, { hostname: '127.0.0.1', nodeArgs: o.nodeArgs }),
    {
      ...shared,
      NEXT_DIST_DIR: o.webDist,
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(webPort),
      SOCIAL_API_URL: `${relays.origin('feed')}/api/v1`,
      DATA_DIR: path.join(dataDir, 'web'),
      SESSION_SECRET,
      ...probe(probeDir, 'web'),
    },
    o.serverLogs,
  );
  const bareServer = start(
    'bare',
    nextStartArgs(barePort, { hostname: '127.0.0.1', nodeArgs: o.nodeArgs }),
    {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(barePort),
      SOCIAL_API_URL: `${relays.origin('bare')}/api/v1`,
      BENCH_TOKEN: token,
      // A token lives an hour and the full bench longer: the bare page asks for a new one with these.
      BENCH_GRANT_AUTHORIZATION: grant.authorization,
      BENCH_GRANT_BODY: grant.body,
      ...probe(bareProbeDir, 'bare'),
    },
    o.serverLogs,
    BARE_DIR,
  );
  await waitFor(`${web}/sign-in`, 'the web app', webServer);
  await waitFor(`${bare}/`, 'the bare page', bareServer);
  return { api, web, bare, token, relays, webServer, bareServer, probeDir };
}
