// npm run bench:site — the whole stack under a crowd (issue 50 §3). Grows a PostgreSQL database
// (a throwaway cluster, as the tests start one) to BENCH_SCALE with the scale seed (default 1: a
// million posts, 100,000 members …), runs the API and the web app on it as `npm start` runs them
// (production build, web-server/server.ts with its admission queue), signs BENCH_MEMBERS members
// in through the real OAuth round trip, and lets them use the site (bench/crowd.ts: an open loop
// of page views, the header's count poll and now and then a like, a comment, a post, a friend
// request or a message, through the web app's front door only).
//
// It finds the highest arrival rate at which every kind of visit answers with p99 ≤ 500 ms and
// none fails: doubling from BENCH_START_RATE until one step misses, then halving the gap
// BENCH_BISECT times; each step lasts BENCH_STEP_SECONDS. It prints, at that rate, each kind's
// p50 and p99, and the CPU time the web server, the API and PostgreSQL spend per visit (all
// kinds mixed, and each kind measured on its own at a low rate): where the next machine should go.
// Then the same crowd at that rate against the cluster's configuration — two web and two API
// instances behind HAProxy (cluster/haproxy.cfg), sessions in Redis — on the same database.
//
// Exits 1 when no rate passes (not even BENCH_START_RATE halved down to 0.5 a second); the rest
// is then measured at the lowest rate tried, and the report says so. Variables: BENCH_SCALE,
// BENCH_MEMBERS (default 300), BENCH_START_RATE (default 8 visits a second), BENCH_STEP_SECONDS
// (default 30), BENCH_BISECT (default 3), BENCH_WARMUP_SECONDS (default 30, not judged),
// BENCH_WITHOUT (kinds of visit left out of the mix, e.g. `search`), BENCH_SKIP_BUILD=1 and
// BENCH_WEB_DIST (as `npm run bench`), BENCH_SKIP_CLUSTER=1, BENCH_SERVER_LOGS=dir (each server's
// output).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { loadConfig } from '../api-server/src/config.ts';
import { openDatabase } from '../api-server/src/db/index.ts';
import { seedWorld, settleAfterSeed, WORLD_PASSWORD } from '../api-server/src/seed/world.ts';
import { admin, startCluster, type Cluster } from '../api-server/test/postgres-cluster.ts';
import {
  crowd,
  isWrite,
  KINDS,
  lookAround,
  newMember,
  summarize,
  type CrowdActions,
  type CrowdMember,
  type Kind,
  type KindSummary,
} from '../bench/crowd.ts';
import { fixed } from '../bench/format.ts';
import { cpuMs } from '../bench/proc.ts';
import { shutdown, start, stopProcesses, waitFor } from '../bench/servers.ts';
import { signIn } from '../bench/sign-in.ts';
import { freePorts } from '../lib/testing/free-ports.ts';
import { BUILD_WEB, webServerArgs } from '../web-server/next-start.ts';

const root = path.resolve(import.meta.dirname, '..');
const SCALE = Number(process.env.BENCH_SCALE || 1);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 300);
const START_RATE = Number(process.env.BENCH_START_RATE || 8);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS || 30);
const BISECT = Number(process.env.BENCH_BISECT || 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 30);
const WEB_DIST = process.env.BENCH_WEB_DIST || '.next-bench';
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
const SKIP_CLUSTER = process.env.BENCH_SKIP_CLUSTER === '1';
/** Kinds of visit left out of the mix (e.g. BENCH_WITHOUT=search): the report says so. */
const WITHOUT = (process.env.BENCH_WITHOUT || '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean) as Kind[];
for (const k of WITHOUT) if (!(k in KINDS)) throw new Error(`BENCH_WITHOUT: no kind of visit "${k}" (${Object.keys(KINDS).join(', ')})`);
const LOGS = process.env.BENCH_SERVER_LOGS || undefined;
const P99_MS = 500;
const HOST = '127.0.0.1';
const SECRET = 'bench-client-secret';
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
let cluster: Cluster | undefined;
const t0 = performance.now();
const log = (m: string) => console.log(`[${fixed((performance.now() - t0) / 1000, 0)} s] ${m}`);

/** What each tier's processes are, to count their CPU. */
interface Tiers {
  web: ChildProcess[];
  api: ChildProcess[];
  /** HAProxy and Redis, in the cluster's configuration. */
  other: ChildProcess[];
}

interface Step {
  rate: number;
  seconds: number;
  kinds: KindSummary[];
  visits: number;
  failed: number;
  causes: string[];
  /** CPU ms per visit, each tier (all its instances), and PostgreSQL. */
  cpu: { web: number; api: number; pg: number; other: number };
  pass: boolean;
}

function cpuOf(tiers: Tiers) {
  const sum = (list: ChildProcess[]) => list.reduce((a, c) => a + (c.pid ? cpuMs(c.pid) : 0), 0);
  return { web: sum(tiers.web), api: sum(tiers.api), pg: cpuMs(cluster!.pid()), other: sum(tiers.other) };
}

interface Site {
  origin: string;
  members: CrowdMember[];
  actions: CrowdActions;
  maxUserId: number;
  tiers: Tiers;
}

let seedNumber = 1;

/** The crowd at `rate` for `seconds` (only one kind with `only`), with the CPU each tier spent. */
async function step(site: Site, rate: number, seconds: number, only?: Kind): Promise<Step> {
  const before = cpuOf(site.tiers);
  const answers = await crowd({
    origin: site.origin,
    members: site.members,
    actions: site.actions,
    rate,
    seconds,
    maxUserId: site.maxUserId,
    seed: seedNumber++,
    only,
    without: WITHOUT,
  });
  const after = cpuOf(site.tiers);
  const kinds = summarize(answers);
  const per = (k: keyof typeof before) => (after[k] - before[k]) / Math.max(1, answers.length);
  const failed = answers.filter((a) => !a.ok);
  return {
    rate,
    seconds,
    kinds,
    visits: answers.length,
    failed: failed.length,
    causes: [...new Set(failed.map((a) => `${a.kind}: ${a.why}`))].slice(0, 5),
    cpu: { web: per('web'), api: per('api'), pg: per('pg'), other: per('other') },
    pass: failed.length === 0 && kinds.every((k) => k.p99 <= P99_MS),
  };
}

function stepLine(s: Step): string {
  const worst = [...s.kinds].sort((a, b) => b.p99 - a.p99)[0];
  return (
    `${fixed(s.rate, 1).padStart(6)} visits/s  ${String(s.visits).padStart(5)} visits  ${String(s.failed).padStart(3)} failed  ` +
    `worst p99 ${worst ? `${fixed(worst.p99, 0)} ms (${worst.kind})` : '-'}  ` +
    `CPU ms a visit: web ${fixed(s.cpu.web, 1)}, API ${fixed(s.cpu.api, 1)}, PostgreSQL ${fixed(s.cpu.pg, 1)}  ${s.pass ? 'pass' : 'MISS'}`
  );
}

function table(s: Step): string {
  const rows = s.kinds.map(
    (k) =>
      `  ${(k.kind + (isWrite(k.kind) ? ' (write)' : '')).padEnd(26)} ${String(k.n).padStart(5)} ${String(k.failed).padStart(6)}  ` +
      `${fixed(k.p50, 0).padStart(6)} ${(Number.isFinite(k.p99) ? fixed(k.p99, 0) : 'failed').padStart(7)}`,
  );
  return [
    `  ${'visit'.padEnd(26)} ${'n'.padStart(5)} ${'failed'.padStart(6)}  ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(7)}`,
    ...rows,
  ].join('\n');
}

/** The server actions the crowd calls, from the build's manifest (their ids change with each build). */
function readActions(): CrowdActions {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, WEB_DIST, 'server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const find = (filename: string, name: string) => {
    const hit = Object.entries(manifest.node).find(([, v]) => v.filename === filename && v.exportedName === name);
    if (!hit) throw new Error(`no server action ${name} of ${filename} in ${WEB_DIST}/`);
    return hit[0];
  };
  return {
    setLike: find('components/social/actions.ts', 'setLike'),
    postComment: find('components/social/actions.ts', 'postComment'),
    createPost: find('components/feed/actions.ts', 'createPost'),
    changeFriendship: find('components/users/actions.ts', 'changeFriendship'),
    sendReply: find('components/messages/actions.ts', 'sendReply'),
  };
}

/** Signs the members in through `web` (four at a time) and lets each look around once. */
async function signInCrowd(web: string, accounts: Array<{ id: number; email: string }>): Promise<CrowdMember[]> {
  const members: CrowdMember[] = [];
  for (let i = 0; i < accounts.length; i += 4)
    members.push(
      ...(await Promise.all(
        accounts.slice(i, i + 4).map(async (a) => newMember(a.id, await signIn(web, { email: a.email, password: WORLD_PASSWORD }))),
      )),
    );
  for (let i = 0; i < members.length; i += 4) await lookAround(web, members.slice(i, i + 4));
  return members;
}

function serverEnv(webOrigin: string, apiOrigin: string, databaseUrl: string) {
  return {
    api: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'api'),
      API_HOST: HOST,
      API_PUBLIC_URL: apiOrigin,
      OAUTH_CLIENT_ID: 'web',
      OAUTH_CLIENT_SECRET: SECRET,
      WEB_ORIGIN: webOrigin,
      LOG_LEVEL: 'warn',
    },
    web: {
      NODE_ENV: 'production',
      NEXT_DIST_DIR: WEB_DIST,
      NEXT_TELEMETRY_DISABLED: '1',
      WEB_ORIGIN: webOrigin,
      SOCIAL_API_URL: `${apiOrigin}/api/v1`,
      OAUTH_CLIENT_ID: 'web',
      OAUTH_CLIENT_SECRET: SECRET,
      SESSION_SECRET,
    },
  };
}

async function main(): Promise<number> {
  log(`PostgreSQL (a throwaway cluster); the site at scale ${SCALE}`);
  cluster = await startCluster();
  await admin(cluster.url('postgres'), 'create database site');
  const databaseUrl = cluster.url('site');
  // The build (the web app as everywhere, scripts/build-web.ts) runs beside the seed.
  const build = SKIP_BUILD
    ? undefined
    : start(
        'build',
        [BUILD_WEB],
        { NEXT_DIST_DIR: WEB_DIST, OAUTH_CLIENT_SECRET: SECRET, SESSION_SECRET, NEXT_TELEMETRY_DISABLED: '1' },
        LOGS,
      );
  const built = build ? new Promise<number | null>((resolve) => build.once('exit', resolve)) : Promise.resolve(0);
  const config = loadConfig({ DATA_DIR: path.join(work, 'api'), DATABASE_URL: databaseUrl });
  const { db } = await openDatabase(config);
  const seeded = performance.now();
  const world = await seedWorld(db, config, { factor: SCALE, seed: 1, log: (m) => log(`seed: ${m}`) });
  log(`seeded in ${fixed((performance.now() - seeded) / 1000, 0)} s`);
  const settling = performance.now();
  await settleAfterSeed(db);
  log(`vacuumed in ${fixed((performance.now() - settling) / 1000, 0)} s`);
  // The crowd: members spread over the whole site (every k-th), with the one of the most friends.
  const all = await db.selectFrom('users').select(['id', 'email']).where('email', 'like', '%@scale.example').orderBy('id').execute();
  const every = Math.max(1, Math.floor(all.length / MEMBERS));
  const popular = all.find((u) => u.id === world.popularMember);
  const accounts = all.filter((u, i) => i % every === 0 && u !== popular).slice(0, MEMBERS - (popular ? 1 : 0));
  if (popular) accounts.push(popular);
  const maxUserId = Math.max(...all.map((u) => u.id));
  await db.destroy();
  if ((await built) !== 0) throw new Error('the web build failed (BENCH_SERVER_LOGS=dir keeps its output)');
  if (!fs.existsSync(path.join(root, WEB_DIST, 'BUILD_ID'))) throw new Error(`no build in ${WEB_DIST}/`);
  const actions = readActions();

  // ---- one web server and one API -----------------------------------------------------------
  const [apiPort, webPort] = (await freePorts(2)) as [number, number];
  const apiOrigin = `http://${HOST}:${apiPort}`;
  const webOrigin = `http://${HOST}:${webPort}`;
  const env = serverEnv(webOrigin, apiOrigin, databaseUrl);
  const api = start('api', [path.join(root, 'api-server/src/server.ts')], { ...env.api, API_PORT: String(apiPort) }, LOGS);
  await waitFor(`${apiOrigin}/.well-known/oauth-authorization-server`, 'the API', api);
  const web = start(
    'web',
    webServerArgs(webPort, { hostname: HOST }),
    { ...env.web, PORT: String(webPort), DATA_DIR: path.join(work, 'web') },
    LOGS,
  );
  await waitFor(`${webOrigin}/sign-in`, 'the web app', web);
  log(`signing in ${accounts.length} members through the OAuth round trip, and each one's first pages`);
  const site: Site = {
    origin: webOrigin,
    members: await signInCrowd(webOrigin, accounts),
    actions,
    maxUserId,
    tiers: { web: [web], api: [api], other: [] },
  };

  // A million rows are far more than PostgreSQL's buffers: the first visits of each kind read from
  // the disk's cache. Not judged.
  log(`warming up: ${START_RATE} visits/s for ${WARMUP_SECONDS} s`);
  await step(site, START_RATE, WARMUP_SECONDS);
  log(`finding the highest rate at which every visit's p99 ≤ ${P99_MS} ms with none failed (${STEP_SECONDS} s a step)`);
  const steps: Step[] = [];
  const run = async (rate: number) => {
    const s = await step(site, rate, STEP_SECONDS);
    steps.push(s);
    console.log(stepLine(s));
    for (const c of s.causes) console.log(`         ${c}`);
    await sleep(3000);
    return s;
  };
  let best: Step | undefined;
  let missed: Step | undefined;
  for (let rate = START_RATE; ; rate *= 2) {
    const s = await run(rate);
    if (!s.pass) {
      missed = s;
      break;
    }
    best = s;
  }
  if (!best)
    for (let rate = START_RATE / 2; rate >= 0.5 && !best; rate /= 2) {
      const s = await run(rate);
      if (s.pass) best = s;
      else missed = s;
    }
  if (best)
    for (let i = 0; i < BISECT; i += 1) {
      const s = await run((best.rate + missed!.rate) / 2);
      if (s.pass) best = s;
      else missed = s;
    }
  // Without a passing rate, the rest is measured at the lowest rate tried, and the verdict says so.
  const judged = best ?? missed!;

  log(`each kind of visit on its own, 3 a second for 8 s: its CPU`);
  const own: Array<{ kind: Kind; cpu: Step['cpu']; p50: number }> = [];
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const s = await step(site, 3, 8, kind);
    own.push({ kind, cpu: s.cpu, p50: s.kinds.find((k) => k.kind === kind)?.p50 ?? NaN });
    if (s.failed) console.log(`  ${kind}: ${s.failed} failed (${s.causes.join('; ')})`);
  }

  // ---- two of each behind HAProxy -----------------------------------------------------------
  let clustered: Step | undefined;
  if (!SKIP_CLUSTER) {
    await stopProcesses([web, api]);
    log('two web and two API instances behind HAProxy (cluster/haproxy.cfg), sessions in Redis, on the same database');
    const [webFront, apiFront, redisPort, web1, web2, api1, api2] = (await freePorts(7)) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const front = { web: `http://${HOST}:${webFront}`, api: `http://${HOST}:${apiFront}` };
    const env2 = serverEnv(front.web, front.api, databaseUrl);
    const redis = start(
      'redis',
      ['--bind', HOST, '--port', String(redisPort), '--save', '', '--appendonly', 'no'],
      {},
      LOGS,
      root,
      process.env.REDIS_SERVER_BIN || 'redis-server',
    );
    const haproxy = start(
      'haproxy',
      ['-db', '-f', 'cluster/haproxy.cfg'],
      {
        WEB_FRONT: `${HOST}:${webFront}`,
        API_FRONT: `${HOST}:${apiFront}`,
        WEB_1: `${HOST}:${web1}`,
        WEB_2: `${HOST}:${web2}`,
        API_1: `${HOST}:${api1}`,
        API_2: `${HOST}:${api2}`,
      },
      LOGS,
      root,
      '/usr/sbin/haproxy',
    );
    const apis = [api1, api2].map((port, i) =>
      start(`api${i + 1}`, [path.join(root, 'api-server/src/server.ts')], { ...env2.api, API_PORT: String(port), TRUST_PROXY: HOST }, LOGS),
    );
    for (const [i, port] of [api1, api2].entries())
      await waitFor(`http://${HOST}:${port}/.well-known/oauth-authorization-server`, `API ${i + 1}`, apis[i]!);
    const webs = [web1, web2].map((port, i) =>
      start(
        `web${i + 1}`,
        webServerArgs(port, { hostname: HOST }),
        { ...env2.web, PORT: String(port), DATA_DIR: path.join(work, `web${i + 1}`), REDIS_URL: `redis://${HOST}:${redisPort}` },
        LOGS,
      ),
    );
    for (const [i, port] of [web1, web2].entries()) await waitFor(`http://${HOST}:${port}/icon.svg`, `web ${i + 1}`, webs[i]!);
    await waitFor(`${front.web}/icon.svg`, 'HAProxy', haproxy);
    await waitFor(`${front.api}/.well-known/oauth-authorization-server`, 'HAProxy', haproxy);
    log(`signing the ${accounts.length} members in again, through the front door`);
    const two: Site = {
      origin: front.web,
      members: await signInCrowd(front.web, accounts),
      actions,
      maxUserId,
      tiers: { web: webs, api: apis, other: [haproxy, redis] },
    };
    await step(two, judged.rate, 10);
    clustered = await step(two, judged.rate, STEP_SECONDS);
    console.log(stepLine(clustered));
    for (const c of clustered.causes) console.log(`         ${c}`);
  }

  // ---- the report ---------------------------------------------------------------------------
  const cpuCell = (c: Step['cpu']) => `${fixed(c.web, 1).padStart(6)} ${fixed(c.api, 1).padStart(6)} ${fixed(c.pg, 1).padStart(6)}`;
  console.log(`\n== npm run bench:site: scale ${SCALE}, ${site.members.length} members, ${os.cpus().length} cores ==`);
  if (WITHOUT.length) console.log(`LEFT OUT OF THE MIX (BENCH_WITHOUT): ${WITHOUT.join(', ')}; measured on their own below.`);
  const rate = fixed(judged.rate, 1);
  if (best) {
    console.log(
      `\nThe highest rate with every visit's p99 ≤ ${P99_MS} ms and none failed: ${rate} visits/s (${fixed(missed!.rate, 1)} missed).`,
    );
    console.log(`Each member's think time at that rate: ${fixed(site.members.length / judged.rate, 0)} s on average.\n`);
  } else {
    const over = judged.kinds.filter((k) => k.p99 > P99_MS || k.failed).map((k) => k.kind);
    console.log(`\nNO RATE PASSES: even ${rate} visits/s missed (${over.join(', ')}); what follows was measured at that rate.\n`);
  }
  console.log(`One web server and one API, at ${rate} visits/s for ${STEP_SECONDS} s:\n${table(judged)}`);
  console.log(`\nCPU ms a visit (web, API, PostgreSQL), all kinds mixed at that rate: ${cpuCell(judged.cpu)}`);
  console.log(
    `\nEach kind on its own (3 a second): CPU ms a visit\n  ${'visit'.padEnd(26)} ${'web'.padStart(6)} ${'API'.padStart(6)} ${'PG'.padStart(6)}  p50 ms`,
  );
  for (const o of own) console.log(`  ${o.kind.padEnd(26)} ${cpuCell(o.cpu)}  ${fixed(o.p50, 0).padStart(6)}`);
  if (clustered) {
    console.log(`\nTwo web and two API instances behind HAProxy, at the same ${rate} visits/s:\n${table(clustered)}`);
    console.log(
      `CPU ms a visit (both webs, both APIs, PostgreSQL): ${cpuCell(clustered.cpu)}; HAProxy and Redis ${fixed(clustered.cpu.other, 2)}`,
    );
    console.log(
      clustered.pass
        ? 'Every visit within 500 ms there too.'
        : `Missed there: ${clustered.failed} failed, worst p99 ${fixed(Math.max(...clustered.kinds.map((k) => k.p99)), 0)} ms.`,
    );
  }
  return best ? 0 : 1;
}

// Interrupted (bench/servers.ts stops its processes and exits): PostgreSQL and the data go too.
process.on('exit', () => {
  try {
    if (cluster) process.kill(cluster.pid(), 'SIGQUIT');
  } catch {
    // stopped already
  }
  if (cluster) fs.rmSync(cluster.dir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(e);
} finally {
  await shutdown();
  await cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(code);
