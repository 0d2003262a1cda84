// `npm run bench:ab`: two builds of the web app, A and B, rendering the same page under the same
// load: which one costs the web server less CPU per render, with its interval.
//
// Why a tool of its own: `npm run bench` judges the product against the bare page in rounds of
// seconds that alternate, so a change of a few tenths of a millisecond a render (a component made
// synchronous, a part taken out) is lost in the machine's drift, and an A/B of whole bench runs
// takes hours. Here a round is a short burst of requests to one server, then the same to the
// other (which goes first alternating), each well under a second: the machine's drift over
// minutes falls on both alike, and neither is measured while the other is busy (loaded at the
// same moment, the two competed for the two cores, one's render slowed while the other's ran).
// Each run is a new pair of processes, since one process of a build renders faster or slower
// than the next by a few percent (an A/A of one pair differs by up to ~0.2 ms), and which build
// starts first (and takes the first port) alternates from run to run.
//
// 1. seeds the demo data in a temporary directory, starts the API on it, and signs the demo
//    user in once through a server of its own (all the web servers share one session store);
// 2. each run: starts build A and build B (NEXT_DIST_DIR, made with `NEXT_DIST_DIR=dir node
//    scripts/build-web.ts`), each as `npm start` runs it (web-server/server.ts); checks that both
//    answer the page (200, its marker); warms both up; then the rounds, every answer checked,
//    each server's CPU time over the round (its threads' run time from /proc schedstat, to the
//    nanosecond) over the requests it answered; stops both;
// 3. prints each run's B − A, and B − A over every round and by run (ms a render) and B ÷ A,
//    with their 95% intervals. Run an A/A (the same build twice) to see this machine's spread.
//
// Settings (environment):
//   BENCH_AB_A, BENCH_AB_B   the two builds' dist dirs (required)
//   BENCH_AB_B_ROOT          build B's checkout, when it is not this one (another branch, or
//                            another version of a package: `git worktree add`, its own
//                            node_modules); B's server then runs from there
//   BENCH_AB_PATH            the page (default /, the signed-in feed)
//   BENCH_AB_MARKER          a string every answer must hold (default role="feed")
//   BENCH_AB_RUNS            runs (default 4), each a new pair of servers
//   BENCH_AB_ROUNDS          rounds a run (default 50) of BENCH_AB_REQUESTS (default 60) to each
//   BENCH_AB_CONNECTIONS     requests at a time (default 2: WEB_CONCURRENCY_LIMIT's renders)
// Everything listens on and talks to 127.0.0.1; every process started is stopped and the
// temporary data removed at the end (also on SIGINT).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { fixed } from '../bench/format.ts';
import { runMs } from '../bench/proc.ts';
import { shutdown, start, stopProcesses, waitFor } from '../bench/servers.ts';
import { signIn } from '../bench/sign-in.ts';
import { meanCi, median } from '../bench/stats.ts';
import { freePorts } from '../lib/testing/free-ports.ts';
import { webServerArgs } from '../web-server/next-start.ts';

const root = path.resolve(import.meta.dirname, '..');
const e = process.env;
const dists = { A: e.BENCH_AB_A ?? '', B: e.BENCH_AB_B ?? '' };
const roots = { A: root, B: path.resolve(e.BENCH_AB_B_ROOT ?? root) };
const page = e.BENCH_AB_PATH ?? '/';
const marker = e.BENCH_AB_MARKER ?? 'role="feed"';
const runs = Number(e.BENCH_AB_RUNS ?? 4);
const rounds = Number(e.BENCH_AB_ROUNDS ?? 50);
const requests = Number(e.BENCH_AB_REQUESTS ?? 60);
const connections = Number(e.BENCH_AB_CONNECTIONS ?? 2);

for (const [name, dist] of Object.entries(dists))
  if (!dist || !fs.existsSync(path.join(roots[name as 'A' | 'B'], dist, 'BUILD_ID')))
    throw new Error(`BENCH_AB_${name}: no build in "${dist}" (make one with NEXT_DIST_DIR=dir node scripts/build-web.ts)`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });

/** `n` requests for `url`, `connections` at a time, each answer checked (200, the marker). */
async function burst(url: string, cookie: string, n: number) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next += 1;
      const { statusCode, body } = await request(url, { headers: { cookie } });
      const html = await body.text();
      if (statusCode !== 200 || !html.includes(marker))
        throw new Error(`${url} answered ${statusCode}${html.includes(marker) ? '' : ` without ${marker}`}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

const SECRET = 'bench-ab-client-secret';
const shared = {
  OAUTH_CLIENT_ID: 'web',
  OAUTH_CLIENT_SECRET: SECRET,
  NODE_ENV: 'production' as const,
  NEXT_TELEMETRY_DISABLED: '1',
  // One session store for every web server: the cookie signed in once opens them all.
  SESSION_SECRET: 'bench-ab-session-secret-0123456789abcdef',
};

/** A web server of build `name` on `port` (this checkout's web-server/server.ts, or the same file in B's). */
function webServer(name: 'A' | 'B', port: number, api: string) {
  const origin = `http://127.0.0.1:${port}`;
  const child = start(
    name,
    webServerArgs(port, { hostname: '127.0.0.1', nodeArgs: [] }).map((arg) =>
      arg.startsWith(root + path.sep) ? path.join(roots[name], path.relative(root, arg)) : arg,
    ),
    {
      ...shared,
      WEB_ORIGIN: origin,
      NEXT_DIST_DIR: dists[name],
      PORT: String(port),
      SOCIAL_API_URL: `${api}/api/v1`,
      DATA_DIR: path.join(dataDir, 'web'),
    },
    undefined,
    roots[name],
  );
  return { name, origin, url: `${origin}${page}`, child };
}

/** One run: a fresh server of each build (`firstB`: B's started first), warmed up, then the rounds; answers B − A and B ÷ A per round. */
async function run(n: number, api: string, cookie: string, firstB: boolean) {
  const ports = (await freePorts(2)) as [number, number];
  const order = firstB ? (['B', 'A'] as const) : (['A', 'B'] as const);
  const started = order.map((name, i) => webServer(name, ports[i]!, api));
  const servers = [...started].sort((x, y) => x.name.localeCompare(y.name));
  try {
    for (const s of started) await waitFor(`${s.origin}/sign-in`, `build ${s.name}`, s.child);
    // The warm-up: every answer checked as in the rounds (a page that is not the page stops the run).
    for (let i = 0; i < 5; i += 1) for (const s of servers) await burst(s.url, cookie, requests);
    const diffs: number[] = [];
    const ratios: number[] = [];
    for (let r = 1; r <= rounds; r += 1) {
      const before = servers.map((s) => runMs(s.child.pid!));
      for (const s of r % 2 ? servers : [...servers].reverse()) await burst(s.url, cookie, requests);
      const [a, b] = servers.map((s, i) => (runMs(s.child.pid!) - before[i]!) / requests) as [number, number];
      diffs.push(b - a);
      ratios.push(b / a);
      if (process.env.BENCH_VERBOSE) console.log(`    round ${r}  A ${fixed(a)} ms/render  B ${fixed(b)}  B ÷ A ${fixed(b / a, 3)}`);
    }
    const d = meanCi(diffs);
    console.log(
      `  run ${n} (${firstB ? 'B' : 'A'} started first): B − A ${fixed(d.mean, 3)} ms a render (${fixed(d.low, 3)} to ${fixed(d.high, 3)}), B ÷ A median ${fixed(median(ratios), 3)}`,
    );
    return { diffs, ratios };
  } finally {
    await stopProcesses(started.map((s) => s.child));
  }
}

async function main() {
  const [apiPort, signInPort] = (await freePorts(2)) as [number, number];
  const api = `http://127.0.0.1:${apiPort}`;
  const apiData = path.join(dataDir, 'api');
  console.log(`seeding demo data in ${dataDir} …`);
  execFileSync(process.execPath, [path.join(root, 'api-server/src/seed/cli.ts')], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: apiData },
  });
  // The API sends a browser back only to its web client's WEB_ORIGIN: the server that signs in.
  const signInServer = `http://127.0.0.1:${signInPort}`;
  const apiServer = start(
    'api',
    [path.join(root, 'api-server/src/server.ts')],
    {
      ...shared,
      WEB_ORIGIN: signInServer,
      DATA_DIR: apiData,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      API_PUBLIC_URL: api,
      LOG_LEVEL: 'warn',
    },
    undefined,
  );
  await waitFor(`${api}/.well-known/oauth-authorization-server`, 'the API', apiServer);
  // Signed in once, by a server of its own (so that neither measured one did more than the other).
  const signer = webServer('A', signInPort, api);
  await waitFor(`${signer.origin}/sign-in`, 'the server that signs in', signer.child);
  const cookie = await signIn(signer.origin);
  await stopProcesses([signer.child]);

  console.log(
    `A = ${dists.A}, B = ${dists.B}${roots.B === root ? '' : ` (in ${roots.B})`}: ${page}, ${runs} runs of ${rounds} rounds of ${requests} requests to each, ${connections} at a time`,
  );
  const diffs: number[] = [];
  const ratios: number[] = [];
  const runMeans: number[] = [];
  for (let n = 1; n <= runs; n += 1) {
    // Which build's server starts first (and takes the first port) alternates from run to run.
    const one = await run(n, api, cookie, n % 2 === 0);
    diffs.push(...one.diffs);
    ratios.push(...one.ratios);
    runMeans.push(meanCi(one.diffs).mean);
  }
  const d = meanCi(diffs);
  const byRun = meanCi(runMeans);
  const q = meanCi(ratios);
  console.log(`\nB − A over every round: mean ${fixed(d.mean, 3)} ms a render, 95% interval ${fixed(d.low, 3)} to ${fixed(d.high, 3)}`);
  console.log(
    `B − A by run (each run a new pair of processes, whose speeds differ): ${fixed(byRun.mean, 3)} ms, 95% interval ${fixed(byRun.low, 3)} to ${fixed(byRun.high, 3)}`,
  );
  console.log(`B ÷ A: mean ${fixed(q.mean, 3)}, 95% interval ${fixed(q.low, 3)}–${fixed(q.high, 3)}, median ${fixed(median(ratios), 3)}`);
}

process.on('exit', removeData);
try {
  await main();
} finally {
  // Every process started (bench/servers.ts keeps them), then this run's data.
  await shutdown();
  removeData();
}
