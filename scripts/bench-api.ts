// npm run bench:api — every read the site renders stays as fast at a million rows as at a
// thousand (issue 50). Builds two sites with seed/world.ts (`npm run seed -- --scale`): one at
// scale 0.001 (1,000 posts, 100 members) and one at BENCH_SCALE (default 1: a million posts,
// 100,000 members, five million likes …), runs the real API server on each (loopback, real
// HTTP), and times each read one request at a time, as the typical member (the median number
// of friends) and as the member with the most friends (1,000 at scale 1), the two sites
// taking turns of a quarter of a second so that the machine's drift touches both (`time`).
// Then the writes: a post, a like and an unlike on the post the whole site liked, a comment, a
// friend acceptance.
//
// A read whose page is the reader's own (a feed, a wall, a profile …) is read as each of five
// members of the kind (the seed's cohorts: five of the middle tenth by friend count, spread over
// the order of joining, and the five nearest 1,000 friends), and the median member's p50 and p99
// stand for it: what one member's page holds is luck (a share costs more than a post), and one
// member at each site compared the luck of two pages rather than the two sites' sizes.
//
// Each read's p50 and p99 at the large site must be at most 1.25× the small one's (a search
// 1.5×), a cohort's slowest member 2× (see `slowest`), each write's median 1.25×; the report
// prints the table and exits 1 when one is over.
// It does all of it on SQLite (DATA_DIR) and then on PostgreSQL (a throwaway cluster, as the
// tests start one); BENCH_DB=sqlite or postgres runs one. BENCH_SECONDS (default 3) per read
// per site per round (the two sites taking turns for twice that, BENCH_BLOCK_MS, default 250,
// each turn), BENCH_MEMBER_SECONDS (default 1) per member of a cohort per site per round,
// BENCH_ROUNDS (default 4; the p50 of the best round of each is kept, the p99 of all of them
// pooled (see `figures`): one read's p50 moved threefold between rounds of a run on this
// machine, and with two rounds a run missed two to seven reads, different ones each time),
// BENCH_AGAIN_ROUNDS (default BENCH_ROUNDS: the second look's rounds of a read with a figure near
// or over its budget, see `near` in `bench`; 0 for none), BENCH_WARMUP_SECONDS (default 0.5: each
// read as each member at each site untimed before the rounds), BENCH_WRITES (default 60; a second pass
// of as many when a write is near its budget).
//
// Timed here rather than with autocannon: its latencies are whole milliseconds, and most of
// these reads take a few, where one millisecond is the whole budget.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ALL_SCOPES, loadConfig } from '../api-server/src/config.ts';
import { openDatabase, now } from '../api-server/src/db/index.ts';
import { admin, startCluster, type Cluster } from '../api-server/test/postgres-cluster.ts';
import { seedWorld, settleAfterSeed, RARE_WORD, type WorldLandmarks } from '../api-server/src/seed/world.ts';
import { issueTokens, newFamilyId } from '../api-server/src/oauth/tokens.ts';
import { ensureWebClient } from '../api-server/src/oauth/clients.ts';
import { median, percentile } from '../bench/stats.ts';
import { gridSpan, monthOf } from '../lib/events/calendar.ts';

const root = path.resolve(import.meta.dirname, '..');
const SMALL = 0.001;
const LARGE = Number(process.env.BENCH_SCALE || 1);
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const MEMBER_SECONDS = Number(process.env.BENCH_MEMBER_SECONDS || 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const WRITES = Number(process.env.BENCH_WRITES || 60);
/** A cohort's slowest member at the large site against the small site's slowest (see `slowest`). */
const SLOWEST_LIMIT = 2;
const LIMIT = 1.25;
/**
 * A figure above this share of its budget after ROUNDS (over it, or within it by less than a
 * tenth) is measured again for AGAIN_ROUNDS more and judged on all of them (`secondLook`).
 */
const NEAR = 0.9;
const AGAIN_ROUNDS = Number(process.env.BENCH_AGAIN_ROUNDS ?? ROUNDS);
/** Each read's untimed warm-up, a site and member (see `bench`). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 0.5);
const SEARCH_LIMIT = 1.5;
/** A word in many posts at any scale (seed/world.ts WORDS). */
const COMMON_WORD = 'coffee';

type Database = 'sqlite' | 'postgres';
type Reader = 'typical' | 'popular';

/** One member the bench reads as. */
interface Member {
  id: number;
  token: string;
  /** The `maxid` of a page deep in their feed; filled in once the server runs. */
  deepMaxId: number;
}

interface Site {
  database: Database;
  factor: number;
  port: number;
  dir: string;
  databaseUrl: string | null;
  proc?: ChildProcess;
  world: WorldLandmarks;
  /** Each kind's cohort (WorldLandmarks.typicalMembers), the landmark member first. */
  members: Record<Reader, Member[]>;
  album: number;
  category: number;
  /**
   * The listings read's category (by title, the same at both sites) and place, and its page: as
   * many as the small site has, up to the web's 12 (a page of 12 there would be a page of one,
   * and the ratio would compare presenting 12 listings with presenting one).
   */
  listing: { title: string; location: string; page: number };
  group: number;
  /**
   * The group members read's page: as many as the small site's largest group has, up to the web's
   * 20 (at scale 0.001 it has 8, and a page of 20 at the large site compared presenting 8 members
   * with presenting 20), the same at both sites.
   */
  groupPage: number;
  /** Friend requests waiting for the typical member, for the acceptances (two passes' worth where there are strangers enough). */
  requests: number[];
}

async function prepare(
  database: Database,
  factor: number,
  port: number,
  cluster: Cluster | null,
  small?: Pick<Site, 'listing' | 'groupPage'>,
): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-api-${factor}-`));
  let databaseUrl: string | null = null;
  if (cluster) {
    const name = `bench_${String(factor).replace('.', '_')}`;
    await admin(cluster.url('postgres'), `create database ${name}`);
    databaseUrl = cluster.url(name);
  }
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: databaseUrl ?? '' });
  const { db } = await openDatabase(config);
  const started = performance.now();
  const world = await seedWorld(db, config, { factor, seed: 1, log: (m) => console.log(`${database} ${factor}: ${m}`) });
  console.log(`${database} ${factor}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const settling = performance.now();
  await settleAfterSeed(db);
  if (cluster) console.log(`${database} ${factor}: vacuumed in ${((performance.now() - settling) / 1000).toFixed(0)} s`);
  // The token's client must exist before the server registers it at start.
  await ensureWebClient(db, config);
  const token = async (userId: number) =>
    (await issueTokens(db, { clientId: config.clientId, userId, scope: ALL_SCOPES.join(' '), familyId: newFamilyId(), withRefresh: false }))
      .access_token;
  const cohort = async (ids: number[]) =>
    Promise.all(ids.map(async (id): Promise<Member> => ({ id, token: await token(id), deepMaxId: 0 })));
  const members = { typical: await cohort(world.typicalMembers), popular: await cohort(world.popularMembers) };
  // The largest album anyone may see (the largest may be its owner's alone: 404 to the reader).
  const album = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select('album_id')
    .where('albums.auth_view', '=', 'everyone')
    .groupBy('album_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // The largest group anyone may see (the largest may be members-only: 404 to the reader).
  const group = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
    .where('groups.auth_view', '=', 'everyone')
    .groupBy('group_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // The listings read: the category and place the small site lists most in the price range, the
  // same category and place at both sites, so that the small site's page is not an empty one.
  const most = async () => {
    const { title, location, n } = await db
      .selectFrom('classifieds')
      .innerJoin('categories', 'categories.id', 'classifieds.category_id')
      .select((eb) => ['categories.title', 'classifieds.location', eb.fn.countAll<number>().as('n')])
      .where('classifieds.price_cents', '>=', 1000)
      .where('classifieds.price_cents', '<=', 200_000)
      .groupBy(['categories.title', 'classifieds.location'])
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('categories.title')
      .orderBy('classifieds.location')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { title, location, page: Math.min(12, Number(n)) };
  };
  const listing = small?.listing ?? (await most());
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('module', '=', 'classified')
    .where('title', '=', listing.title)
    .executeTakeFirstOrThrow();
  // Requests to the typical member from members who are neither friends nor asked already.
  const strangers = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', world.typicalMember)
    .where('id', 'not in', db.selectFrom('friendships').select('friend_id').where('user_id', '=', world.typicalMember))
    .where('id', 'not in', db.selectFrom('friend_requests').select('sender_id').where('recipient_id', '=', world.typicalMember))
    .where('id', 'not in', db.selectFrom('friend_requests').select('recipient_id').where('sender_id', '=', world.typicalMember))
    .orderBy('id')
    .limit(2 * WRITES)
    .execute();
  const t = now();
  const requests = [];
  for (const s of strangers) {
    const row = await db
      .insertInto('friend_requests')
      .values({
        sender_id: s.id,
        recipient_id: world.typicalMember,
        user_low: Math.min(s.id, world.typicalMember),
        user_high: Math.max(s.id, world.typicalMember),
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    requests.push(row.id);
  }
  const site: Site = {
    database,
    factor,
    port,
    dir,
    databaseUrl,
    world,
    members,
    album: Number(album.album_id),
    category: category.id,
    listing,
    group: group.group_id,
    groupPage: small?.groupPage ?? Math.min(20, Number(group.n)),
    requests,
  };
  await db.destroy();
  return site;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive connection: its status, body and time (ms). */
function call(site: Site, token: string, method: string, url: string, form?: Record<string, string | number>) {
  const body = form ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString() : undefined;
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: `/api/v1${url}`,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function startServer(site: Site) {
  site.proc = spawn(process.execPath, [path.join(root, 'api-server/src/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: site.dir,
      DATABASE_URL: site.databaseUrl ?? '',
      API_PORT: String(site.port),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: 'bench-secret',
      MEDIA_WORKER: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await call(site, site.members.typical[0]!.token, 'GET', '/users/me')).status === 200) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // A page deep in each member's feed: the tenth, or the last when the feed is shorter.
  for (const member of [...site.members.typical, ...site.members.popular]) {
    let maxid = 0;
    for (let page = 1; page <= 10; page += 1) {
      const res = await call(site, member.token, 'GET', `/activities?limit=15&fields=id${maxid ? `&maxid=${maxid}` : ''}`);
      const data = (JSON.parse(res.body) as { data: { items: { id: number }[]; end_of_feed?: boolean } }).data;
      if (!data.items.length || data.end_of_feed) break;
      member.deepMaxId = maxid;
      maxid = data.items.at(-1)!.id;
    }
  }
}

interface Read {
  name: string;
  reader: Reader;
  url: (s: Site, m: Member) => string;
  limit: number;
  /** Read as each member of the reader's cohort (the median member stands for the read), or as the first alone. */
  cohort: boolean;
}

/** A read of the reader's own page, for both kinds of reader, each read as its whole cohort. */
const everyReader = (name: string, url: (s: Site, m: Member) => string, limit = LIMIT): Read[] =>
  (['typical', 'popular'] as const).map((reader) => ({ name, reader, url, limit, cohort: true }));
/** A read whose page is the same for any member: the typical member alone. */
const typicalOnly = (name: string, url: (s: Site) => string, limit = LIMIT): Read => ({
  name,
  reader: 'typical',
  url,
  limit,
  cohort: false,
});

/** The reads of issue 50, as the web client makes them (lib/social-api). */
const READS: Read[] = [
  ...everyReader('feed, first page', () => '/activities?limit=15'),
  ...everyReader('feed, page 10', (_, m) => `/activities?limit=15&maxid=${m.deepMaxId}`),
  ...everyReader('a wall', (_, m) => `/activities?limit=15&subject_type=user&subject_id=${m.id}`),
  typicalOnly('a post and its comments', (s) => `/core/comments?item_type=activity&item_id=${s.world.mostCommented}&page=1&limit=10`),
  typicalOnly('the post the site liked', (s) => `/activities/${s.world.mostLiked}`),
  ...everyReader('notifications, grouped', () => '/activities/notifications/groups?limit=20'),
  typicalOnly('search, a common word', () => `/core/search?keywords=${COMMON_WORD}&limit=10`, SEARCH_LIMIT),
  typicalOnly('search, a rare word', () => `/core/search?keywords=${RARE_WORD}&limit=10`, SEARCH_LIMIT),
  typicalOnly(
    'listings: category, place, price',
    (s) =>
      `/classifieds?category_id=${s.category}&location=${encodeURIComponent(s.listing.location)}&price_min=10&price_max=2000&limit=${s.listing.page}`,
  ),
  typicalOnly('the events month (its grid)', () => {
    const { first, last } = gridSpan(monthOf(Date.now(), 'UTC'));
    return `/events/calendar?from=${first}&to=${last}&tz=UTC&per_day=2&fields=id,title,timezone,start_at,end_at`;
  }),
  typicalOnly("an album's photos", (s) => `/albums/${s.album}?photo_page=1&photo_limit=24&photo_fields=id,thumb,title,description`),
  ...everyReader('a profile', (_, m) => `/users/${m.id}`),
  ...everyReader('friends', (_, m) => `/friends?user_id=${m.id}&limit=20`),
  ...everyReader('friend requests', () => '/friends/requests?limit=20'),
  ...everyReader('the inbox', () => '/messages/inbox?limit=10'),
  typicalOnly('the long conversation', (s) => `/messages/${s.world.longConversation}?message_limit=20`),
  typicalOnly("a group's members", (s) => `/groups/members?group_id=${s.group}&limit=${s.groupPage}`),
];

interface Timing {
  n: number;
  p50: number;
  p99: number;
}

/** A Timing with the times it was worked out from (ms). */
interface Timed extends Timing {
  ms: number[];
}

/** One reader's request at one site. */
interface Target {
  site: Site;
  token: string;
  url: string;
}

/**
 * Each site's turn in `time` (ms) and in the writes (iterations): the sites take turns in short
 * blocks, so that the machine's drift touches both alike. When each site was read for a few
 * seconds in turn, the machine quickened or slowed between the two often enough that a round's
 * ratio moved from 1.10 to 1.58 with nothing else changed (docs/performance.md, bench:api). Not
 * request by request: a request after the other site's cost 1.5–2× its time (0.18 → 0.30 ms a
 * friends list: the other server's and database's work in the caches), a constant that both
 * sites pay and that pulls every ratio towards 1.
 */
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS || 250);
const WRITE_BLOCK = 10;
/** The requests of a block left untimed: the first after the other site's (see BLOCK_MS). */
const WARM = 2;

/**
 * Requests one at a time to each target in turn, in blocks of BLOCK_MS, `seconds` a target in
 * all: each target's p50 and p99 (ms), the first WARM requests of each block left out.
 */
async function time(targets: Target[], seconds: number): Promise<Timed[]> {
  const ms: number[][] = targets.map(() => []);
  const until = performance.now() + seconds * 1000 * targets.length;
  while (performance.now() < until)
    for (const [i, { site, token, url }] of targets.entries()) {
      const blockEnd = performance.now() + BLOCK_MS;
      for (let k = 0; k < WARM || performance.now() < blockEnd; k += 1) {
        const res = await call(site, token, 'GET', url);
        if (res.status !== 200)
          throw new Error(`${site.database} ${site.factor}: GET ${url} answered ${res.status}: ${res.body.slice(0, 200)}`);
        if (k >= WARM) ms[i]!.push(res.ms);
      }
    }
  return ms.map((m) => ({ n: m.length, p50: percentile(m, 0.5), p99: percentile(m, 0.99), ms: m }));
}

/**
 * The writes, WRITES of each, one at a time, the sites taking turns in blocks of WRITE_BLOCK (as
 * `time` reads): the times of each at each site (ms), the first of each block left out. `from`
 * numbers them on from an earlier pass (its posts and comments, its friend requests accepted).
 */
async function writes(sites: Site[], from: number): Promise<Record<string, number[]>[]> {
  const ms = sites.map((): Record<string, number[]> => ({ post: [], like: [], unlike: [], comment: [], 'friend acceptance': [] }));
  for (let start = from; start < from + WRITES; start += WRITE_BLOCK)
    for (const [k, site] of sites.entries())
      for (let i = start; i < Math.min(from + WRITES, start + WRITE_BLOCK); i += 1) {
        const token = site.members.typical[0]!.token;
        const must = async (what: string, p: Promise<{ status: number; body: string; ms: number }>) => {
          const res = await p;
          if (res.status !== 200)
            throw new Error(`${site.database} ${site.factor}: ${what} answered ${res.status}: ${res.body.slice(0, 200)}`);
          if (i > start) ms[k]![what]!.push(res.ms);
        };
        const liked = { item_type: 'activity', item_id: site.world.mostLiked };
        await must('post', call(site, token, 'POST', '/activities', { body: `bench post ${i}` }));
        // The typical member liked the post the whole site liked: unlike, then like again.
        await must('unlike', call(site, token, 'DELETE', `/core/likes?item_type=activity&item_id=${site.world.mostLiked}`));
        await must('like', call(site, token, 'POST', '/core/likes', liked));
        await must(
          'comment',
          call(site, token, 'POST', '/core/comments', { ...liked, item_id: site.world.mostCommented, body: `bench comment ${i}` }),
        );
        // Where both sites have one left (the small site's strangers may run out in a second pass).
        const request = sites.every((s) => s.requests[i] !== undefined) ? site.requests[i] : undefined;
        if (request) await must('friend acceptance', call(site, token, 'POST', `/friends/requests/${request}/accept`));
      }
  return ms;
}

const f2 = (x: number) => x.toFixed(2);

/** The median member's p50 and, apart, the median member's p99; the requests of all of them. */
const medianMember = (ts: Timing[]): Timing => ({
  n: ts.reduce((a, t) => a + t.n, 0),
  p50: median(ts.map((t) => t.p50)),
  p99: median(ts.map((t) => t.p99)),
});

/** Benchmarks one database: its report lines (sets `failed` when a ratio is over its limit). */
async function bench(database: Database, ports: [number, number]): Promise<string[]> {
  const cluster = database === 'postgres' ? await startCluster() : null;
  const sites: Site[] = [];
  try {
    sites.push(await prepare(database, SMALL, ports[0], cluster));
    sites.push(await prepare(database, LARGE, ports[1], cluster, sites[0]!));
    for (const s of sites) await startServer(s);
    // The best round of each read as each member, and every round's times pooled (for the p99):
    // key read|reader|factor|member.
    const best = new Map<string, Timing>();
    const pooled = new Map<string, number[]>();
    const roundsOf = new Map<Read, number>();
    const readers = (s: Site, read: Read) => (read.cohort ? s.members[read.reader] : s.members[read.reader].slice(0, 1));
    /** A read as the i-th member of its cohort at each site. */
    const targetsOf = (read: Read, i: number): Target[] =>
      sites.map((s) => {
        const m = readers(s, read)[i]!;
        return { site: s, token: m.token, url: read.url(s, m) };
      });
    /** One round of a read: each member of its cohort at both sites side by side (see `time`). */
    const measure = async (read: Read, round: number) => {
      const perSite: Timing[][] = sites.map(() => []);
      for (const i of readers(sites[0]!, read).keys()) {
        const ts = await time(targetsOf(read, i), read.cohort ? MEMBER_SECONDS : SECONDS);
        for (const [k, s] of sites.entries()) {
          const t = ts[k]!;
          const key = `${read.name}|${read.reader}|${s.factor}|${i}`;
          const prev = best.get(key);
          if (!prev || t.p50 < prev.p50) best.set(key, t);
          pooled.set(key, [...(pooled.get(key) ?? []), ...t.ms]);
          perSite[k]!.push(t);
        }
      }
      roundsOf.set(read, round);
      for (const [k, s] of sites.entries()) {
        const ts = perSite[k]!;
        const t = medianMember(ts);
        const spread = ts.length > 1 ? `  members' p50 ${ts.map((x) => f2(x.p50)).join(' ')}` : '';
        console.log(
          `${database} round ${round}  ${`${read.name} (${read.reader})`.padEnd(48)} scale ${String(s.factor).padEnd(6)} ${String(t.n).padStart(5)} requests  p50 ${f2(t.p50)} ms  p99 ${f2(t.p99)} ms${spread}`,
        );
      }
    };
    /** Each member's best round of a read at one site. */
    const bests = (read: Read, s: Site) => readers(s, read).map((_, i) => best.get(`${read.name}|${read.reader}|${s.factor}|${i}`)!);
    /**
     * A read's figures at one site: the median member's p50 of their best round, and the median
     * member's p99 of every round's requests pooled. A p99 of one round is ten requests of ~1,000:
     * the same read's p99 at one site moved by up to 2× between rounds, whichever round was taken
     * (docs/performance.md, "Turns of a quarter of a second"); the rounds together are four times
     * the sample, and the turns (`time`) spread the machine's hiccups over both sites alike.
     */
    const figures = (read: Read, s: Site): Timing => ({
      ...medianMember(bests(read, s)),
      p99: median(readers(s, read).map((_, i) => percentile(pooled.get(`${read.name}|${read.reader}|${s.factor}|${i}`)!, 0.99))),
    });
    /**
     * The slowest member's p50 (their best round): a read whose plan differs by member (a member
     * the database's statistics took for another kind) is slow for some and not the median. Judged
     * within SLOWEST_LIMIT, not the median's 1.25×: the members' pages differ (4 friends or 19 to
     * list), which moved the slowest of five by up to 1.6× on reads of 0.2 ms with no plan apart,
     * where the plan that differed cost them 3–3.6×.
     */
    const slowest = (read: Read, s: Site) => Math.max(...bests(read, s).map((t) => t.p50));
    const [small, large] = sites as [Site, Site];
    /** A read's ratios, large over small, and each as a share of its budget (the largest is the read's). */
    const ratios = (read: Read) => {
      const a = figures(read, small);
      const b = figures(read, large);
      const r50 = b.p50 / a.p50;
      const r99 = b.p99 / a.p99;
      const rSlow = read.cohort ? slowest(read, large) / slowest(read, small) : null;
      const share = Math.max(r50 / read.limit, r99 / read.limit, rSlow === null ? 0 : rSlow / SLOWEST_LIMIT);
      return { a, b, r50, r99, rSlow, share };
    };
    // A round untimed first: the first round of a read found the just seeded site cold (its
    // pages not yet in the database's buffers, the server's code not yet compiled), 1.5–2× the
    // later rounds' times at the large site, and a p99 pooled over the rounds was that round's
    // (a common word's search 1.75×, 36.7 ms in its first round and 13.8–21.0 in the seven after).
    for (const read of READS) for (const i of readers(sites[0]!, read).keys()) await time(targetsOf(read, i), WARMUP_SECONDS);
    for (let round = 1; round <= ROUNDS; round += 1) for (const read of READS) await measure(read, round);
    // The second look: a figure near its budget (over it or within a tenth of it) is measured
    // again, AGAIN_ROUNDS more rounds, and judged on all of them. On this machine one read's p99
    // at one site moved by up to 2x between rounds and one or two of ~30 figures crossed 1.25x in
    // a run, others each time (docs/performance.md, "A second look"): a verdict near the line is
    // given on twice the sample, whichever side of it the first look fell, and the table says so.
    const near = READS.filter((read) => ratios(read).share > NEAR);
    if (near.length && AGAIN_ROUNDS > 0)
      console.log(
        `${database} a second look, ${AGAIN_ROUNDS} more rounds (after ${ROUNDS}: p50 ×, p99 ×, slowest ×): ${near
          .map((r) => {
            const { r50, r99, rSlow } = ratios(r);
            return `${r.name} (${r.reader}) ${[r50, r99, rSlow].map((x) => (x === null ? '-' : f2(x))).join(' ')}`;
          })
          .join('; ')}`,
      );
    for (let round = ROUNDS + 1; round <= ROUNDS + AGAIN_ROUNDS; round += 1) for (const read of near) await measure(read, round);
    const lines = [
      `\n${database}: each read one request at a time, the two sites in turns of ${BLOCK_MS} ms, the p50 of the best of ${ROUNDS} rounds of ${SECONDS} s a site, the p99 of all ${ROUNDS} (ms); scale ${SMALL} against ${LARGE}`,
      `  (a read of the reader's own page: as each of ${small.members.typical.length} members of the kind, ${MEMBER_SECONDS} s each a round; the median member's p50 and p99, and the slowest member's p50)`,
      `  (a read with a figure over ${NEAR} of its budget after ${ROUNDS} rounds was read ${AGAIN_ROUNDS} more and is judged on all ${ROUNDS + AGAIN_ROUNDS}: "rounds")`,
      `  (the listings: ${small.listing.location} in ${small.listing.title}, a page of ${small.listing.page}, what the small site has up to the web's 12; a group's members, a page of ${small.groupPage}, the small site's largest group up to the web's 20)`,
      `  ${'read (reader)'.padEnd(48)} ${'small p50'.padStart(9)} ${'p99'.padStart(7)} ${'large p50'.padStart(9)} ${'p99'.padStart(7)}  ${'p50 ×'.padStart(6)} ${'p99 ×'.padStart(6)} ${'slowest ×'.padStart(9)} ${'rounds'.padStart(6)}  verdict`,
    ];
    for (const read of READS) {
      const { a, b, r50, r99, rSlow } = ratios(read);
      const over = [
        r50 > read.limit || r99 > read.limit ? `> ${read.limit}×` : '',
        rSlow !== null && rSlow > SLOWEST_LIMIT ? `slowest > ${SLOWEST_LIMIT}×` : '',
      ].filter(Boolean);
      const ok = over.length === 0;
      if (!ok) failed = true;
      lines.push(
        `  ${`${read.name} (${read.reader})`.padEnd(48)} ${f2(a.p50).padStart(9)} ${f2(a.p99).padStart(7)} ${f2(b.p50).padStart(9)} ${f2(b.p99).padStart(7)}  ${f2(r50).padStart(6)} ${f2(r99).padStart(6)} ${(rSlow === null ? '' : f2(rSlow)).padStart(9)} ${String(roundsOf.get(read)).padStart(6)}  ${ok ? 'pass' : `FAIL (${over.join(', ')})`}`,
      );
    }
    // The writes, and a second look at them the same way (each write's times of both passes together).
    const w = await writes(sites, 0);
    const writeRatio = (what: string) => median(w[1]![what]!) / median(w[0]![what]!);
    const again = Object.keys(w[0]!).some((what) => writeRatio(what) > NEAR * LIMIT);
    if (again) {
      console.log(`${database} a second look at the writes`);
      const more = await writes(sites, WRITES);
      for (const [k, m] of more.entries()) for (const [what, ms] of Object.entries(m)) w[k]![what]!.push(...ms);
    }
    lines.push(
      `  writes, the median of ${WRITES - Math.ceil(WRITES / WRITE_BLOCK)} each${again ? ', twice over (a second look: one was near its budget)' : ''}, the sites in turns of ${WRITE_BLOCK} (ms):`,
    );
    for (const what of Object.keys(w[0]!)) {
      const [a, b] = [median(w[0]![what]!), median(w[1]![what]!)];
      const ratio = b / a;
      const ok = ratio <= LIMIT;
      if (!ok) failed = true;
      lines.push(
        `  ${what.padEnd(48)} ${f2(a).padStart(9)} ${''.padStart(7)} ${f2(b).padStart(9)} ${''.padStart(7)}  ${f2(ratio).padStart(6)} ${''.padStart(6)} ${''.padStart(9)} ${''.padStart(6)}  ${ok ? 'pass' : `FAIL (> ${LIMIT}×)`}`,
      );
    }
    return lines;
  } finally {
    await Promise.all(
      sites.map(
        (s) =>
          new Promise<void>((done) => {
            if (!s.proc || s.proc.exitCode !== null) return done();
            s.proc.once('exit', () => done());
            s.proc.kill('SIGTERM');
          }),
      ),
    );
    for (const s of sites) fs.rmSync(s.dir, { recursive: true, force: true });
    await cluster?.stop();
  }
}

let failed = false;
const only = process.env.BENCH_DB;
const summary: string[] = [];
if (!only || only === 'sqlite') summary.push(...(await bench('sqlite', [4901, 4902])));
if (!only || only === 'postgres') summary.push(...(await bench('postgres', [4903, 4904])));
console.log(summary.join('\n'));
console.log(failed ? '\nFAIL: a read or a write costs more at scale than its budget allows' : '\nevery read and write within its budget');
agent.destroy();
process.exitCode = failed ? 1 : 0;
