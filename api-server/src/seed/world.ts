import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { dialectOf } from '../db/dialect.ts';
import { settleSearchIndex } from '../db/search/index.ts';
import type { Database, Privacy } from '../db/types.ts';
import { bodyHtml } from '../domain/text.ts';
import { hashSecret } from '../oauth/crypto.ts';
import { storeImage } from '../storage/images.ts';
import { setAsideForLoad } from './bulk-load.ts';
import { landscapeJpeg } from './pictures.ts';
import { rng, type Rng } from './random.ts';

// `npm run seed -- --scale F`: a whole site of a million rows (F = 1) or a fraction of it, to
// measure every read as the data grows (issue 50). Added beside the demo data, repeatable from a
// seed number, and shaped as a real site is: most members have a handful of friends, a few a
// thousand and more; a few posts draw most of the likes; one conversation runs long.
//
// Written by hand rather than with a fake-data library: what matters is the shape of the
// distributions and the foreign keys between a dozen tables, which no generator knows, and the
// speed (batched multi-row inserts; on PostgreSQL with the indexes and foreign keys set aside: bulk-load.ts).

/** The rows at scale 1 (issue 50). */
export const WORLD = {
  members: 100_000,
  activities: 1_000_000,
  likes: 5_000_000,
  comments: 1_000_000,
  albums: 20_000,
  photos: 100_000,
  listings: 50_000,
  events: 20_000,
  friendRequests: 200_000,
  groups: 10_000,
  conversations: 100_000,
  messages: 1_000_000,
  /** The most friends anyone has but a few; the few ("celebrities") have CELEBRITY_FRIENDS. */
  maxFriends: 1_000,
  celebrities: 3,
  celebrityFriends: 5_000,
  /** The likes of the most liked post: every member of the site at scale 1. */
  topLikes: 100_000,
  /** The comments of the most commented post, the messages of the longest conversation. */
  topComments: 10_000,
  longConversation: 10_000,
} as const;

/**
 * On PostgreSQL, every table vacuumed (and analyzed again), as a long-running site's are. A bulk
 * load leaves millions of rows no vacuum has seen: autovacuum then works through them for minutes,
 * and a bench begun at once measures its reads and writes beside that work, not the site's.
 * The benches call it after the seed (outside the seed's time); on SQLite there is nothing to do.
 */
export async function settleAfterSeed(db: DB): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`vacuum (analyze)`.execute(db);
}

/** The members of each kind the bench reads as (WorldLandmarks.typicalMembers). */
const COHORT = 5;

/**
 * The long conversation's messages at the least: more than two of the web's pages of 20, so that
 * its first page is a full one with older messages behind it at any scale. At scale 0.001 it held
 * ten, and bench:api compared presenting ten messages with presenting twenty.
 */
const LONG_CONVERSATION_MIN = 41;

/** A word in five posts at any scale: the rare search (issue 50). */
export const RARE_WORD = 'quokka';

/** The password of every member the world adds (their emails: member<n>@scale.example). */
export const WORLD_PASSWORD = 'scale-password';

export interface WorldOptions {
  /** 1 for the million-row site, 0.01 for a hundredth of it. */
  factor: number;
  /** The same seed gives the same site. */
  seed: number;
  log?: (message: string) => void;
}

/** What the benches measure, picked while seeding: members and items of a known shape. */
export interface WorldLandmarks {
  /** A member with a typical number of friends (about the median) and activity, and one with WORLD.maxFriends. */
  typicalMember: number;
  popularMember: number;
  /**
   * COHORT members of each kind, the one above first: members from the middle tenth by friend
   * count, spread over the order of joining (early members post most), and the members whose
   * friend counts are nearest WORLD.maxFriends (the few with celebrityFriends are not among them
   * unless the site is too small to tell them apart). What one member's page holds is luck (a
   * share costs more than a post); the bench reads each member of a cohort and takes the median.
   */
  typicalMembers: number[];
  popularMembers: number[];
  /** The post with the most likes and the one with the most comments. */
  mostLiked: number;
  mostCommented: number;
  /** The longest conversation, between typicalMember and one of their friends. */
  longConversation: number;
  counts: Record<string, number>;
}

const FIRST = 'Ada Ben Cleo Dan Eva Finn Gia Hugo Ines Jon Kai Lea Max Nia Omar Pia Raj Sara Tom Uma Vic Wen Yara Zed'.split(' ');
const LAST = 'Abe Berg Costa Dunn Ek Fox Gray Hale Ito Jovic Khan Lund Mora Ng Ortiz Park Quinn Rossi Sato Tran Ueda Vega Wolf Young'.split(
  ' ',
);
const WORDS = (
  'the a quick brown fox jumps over lazy dog river mountain coffee music friends weekend city garden book train sunny rain ' +
  'market bike lake dinner concert hike photo beach snow bread movie game team kids school work trip night morning'
).split(' ');
const PLACES = (
  'Lyon,Paris,Berlin,Madrid,Lisbon,Rome,Vienna,Prague,Warsaw,Oslo,Dublin,London,Toronto,Boston,Denver,Austin,Seattle,Chicago,' +
  'Osaka,Seoul,Lagos,Nairobi,Cairo,Lima,Quito,Bogota,Santiago,Sydney,Perth,Auckland'
).split(',');

/** SQLite takes 32,766 parameters a statement, PostgreSQL 65,535: batches stay under the smaller. */
const MAX_PARAMS = 30_000;

type TableName = keyof Database;

/** Inserts rows as they are generated, in multi-row statements; answers the new rows' ids, in order. */
async function insertAll<T extends TableName>(
  db: DB,
  table: T,
  rows: Iterable<Insertable<Database[T]>>,
  withIds: boolean,
): Promise<number[]> {
  const before = withIds ? await maxId(db, table) : 0;
  let batch: Insertable<Database[T]>[] = [];
  let perBatch = 0;
  const flush = async () => {
    if (!batch.length) return;
    // Kysely's row type per table is wider than the generic can name; the rows are the table's.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
    batch = [];
  };
  for (const row of rows) {
    if (!perBatch) perBatch = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(row).length));
    batch.push(row);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  if (!withIds) return [];
  // One writer: the new ids are the ones above the largest before, in insertion order.
  const created = await db
    .selectFrom(table as 'users')
    .select('id')
    .where('id', '>', before)
    .orderBy('id')
    .execute();
  return created.map((r) => r.id);
}

async function maxId(db: DB, table: TableName): Promise<number> {
  const row = await db
    .selectFrom(table as 'users')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** A count of WORLD scaled by the factor, at least `min`. */
const scaled = (n: number, factor: number, min = 1) => Math.max(min, Math.round(n * factor));

/** Pareto-distributed whole number ≥ `min` (shape `alpha`): most near min, a long tail. */
const pareto = (r: Rng, min: number, alpha: number) => Math.floor(min / Math.pow(1 - r.next(), 1 / alpha));

/**
 * The long tail of a site's words: made-up words of three or four syllables, the k-th as frequent
 * as 1/k (Zipf's law, the shape of every language's vocabulary), a third of the words written;
 * the other two thirds are WORDS'. Forty common words alone gave the databases a vocabulary no
 * real site has, and PostgreSQL plans site search from it (migration 036): it judges a word it
 * has not counted by the rarest it has, and a prefix by a flat guess below a hundred counted words.
 */
const SYLLABLES = 'ka lo mi nu pe ri sa to vu ze ba di go ju le mo ni po ru si'.split(' ');
const TAIL_WORDS = 20_000;
/** The k-th word of the tail (from 0): k + 400 in base 20, a syllable a digit (three or four). */
function tailWord(k: number): string {
  let word = '';
  for (let n = k + SYLLABLES.length ** 2; n > 0; n = Math.floor(n / SYLLABLES.length)) word = SYLLABLES[n % SYLLABLES.length] + word;
  return word;
}
/** The tail's running sums of 1/k, for drawing a word by its weight. */
const TAIL_SUMS = new Float64Array(TAIL_WORDS);
for (let k = 0, sum = 0; k < TAIL_WORDS; k += 1) TAIL_SUMS[k] = sum += 1 / (k + 1);
function tailPick(r: Rng): string {
  const u = r.next() * TAIL_SUMS[TAIL_WORDS - 1]!;
  let lo = 0;
  let hi = TAIL_WORDS - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (TAIL_SUMS[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return tailWord(lo);
}
const words = (r: Rng, from: number, to: number) =>
  Array.from({ length: r.int(from, to) }, () => (r.chance(1 / 3) ? tailPick(r) : r.pick(WORDS))).join(' ');
/**
 * A member's name: a first name of FIRST, and half the time a family name of LAST, the other half
 * one of the tail's (capitalised), as frequent as its rank allows — 100,000 people share a few
 * common family names and have tens of thousands of others. Forty-eight names alone left the
 * members' search column under a hundred counted words, so PostgreSQL guessed any prefix in 2%
 * of the members and walked all 100,000 of them for a word none has.
 */
const memberName = (r: Rng) => {
  const family = r.chance(1 / 2) ? tailPick(r) : r.pick(LAST);
  return `${r.pick(FIRST)} ${family[0]!.toUpperCase()}${family.slice(1)}`;
};

/** A step coprime with n, so that (start + j·step) mod n visits n distinct values for j < n. */
function coprimeStep(n: number, r: Rng): number {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  for (;;) {
    const step = r.int(1, Math.max(1, n - 1));
    if (gcd(step, n) === 1) return step;
  }
}

/**
 * Splits `total` among `n` items by a heavy-tailed weight each (Pareto, shape 1.2), each at most
 * `cap`: a few items get most. What rounding down and the cap leave (about half of `total`) goes
 * one by one to items drawn at random among those under the cap, so the counts add up to `total`
 * (or to n × cap, when that is less). At random, not to a run of neighbours: the items are in the
 * order of time, and a run gave one stretch of time (the newest posts, or not) half the comments,
 * so the first feed page of one world had seven times another's, and the bench compared those.
 */
function heavyTail(r: Rng, n: number, total: number, cap: number): number[] {
  const weights = Array.from({ length: n }, () => pareto(r, 1, 1.2));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(cap, Math.floor((w * total) / sum)));
  let left = Math.min(total, n * cap) - counts.reduce((a, b) => a + b, 0);
  // Drawn while most draws find room; the last few, when nearly every item is full, in turn.
  for (let tries = 4 * left; left > 0 && tries > 0; tries -= 1) {
    const i = r.int(0, n - 1);
    if (counts[i]! < cap) {
      counts[i]! += 1;
      left -= 1;
    }
  }
  for (let i = 0; left > 0; i = (i + 1) % n)
    if (counts[i]! < cap) {
      counts[i]! += 1;
      left -= 1;
    }
  return counts;
}

export async function seedWorld(db: DB, config: Config, o: WorldOptions): Promise<WorldLandmarks> {
  const aside = await setAsideForLoad(db);
  let restored = false;
  const restore = async () => {
    if (restored) return;
    restored = true;
    const started = performance.now();
    await aside.restore();
    if (aside.count) o.log?.(`  indexes and foreign keys made again: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  };
  try {
    return await loadWorld(db, config, o, restore);
  } finally {
    await restore();
  }
}

/** seedWorld's rows; `restore` makes the indexes set aside for the load again, before the statements that read by them. */
async function loadWorld(db: DB, config: Config, o: WorldOptions, restore: () => Promise<void>): Promise<WorldLandmarks> {
  const log = o.log ?? (() => {});
  const f = o.factor;
  const r = rng(o.seed);
  const t0 = now();
  const YEAR = 365 * 86400;
  const began = t0 - 3 * YEAR;
  const counts: Record<string, number> = {};
  const step = (name: string, n: number) => {
    counts[name] = n;
    log(`  ${name}: ${n.toLocaleString('en')}`);
  };

  // ---- members
  const nMembers = scaled(WORLD.members, f, 20);
  const passwordHash = await hashSecret(WORLD_PASSWORD);
  const firstMember = (await maxId(db, 'users')) + 1;
  const members = await insertAll(
    db,
    'users',
    (function* () {
      for (let i = 0; i < nMembers; i += 1) {
        const n = firstMember + i;
        yield {
          email: `member${n}@scale.example`,
          password_hash: passwordHash,
          full_name: memberName(r),
          user_name: `member${n}`,
          gender: r.chance(0.5) ? 'female' : 'male',
          country_iso: r.pick(['US', 'FR', 'DE', 'ES', 'JP', 'KR', 'NG', 'CA', 'IE', 'CZ']),
          joined: began + Math.floor((YEAR * i) / nMembers),
          avatar_key: null,
        };
      }
    })(),
    true,
  );
  step('members', members.length);
  const M = members.length;
  const member = (i: number) => members[i]!;

  // ---- friendships: each member a target degree (Pareto: median ~7, mean ~20, at most
  // maxFriends); the first member exactly maxFriends, the next few celebrityFriends; pairs are
  // drawn by matching the degrees' stubs at random, repeats and self-pairs dropped.
  const maxFriends = Math.min(M - 1, WORLD.maxFriends);
  const celebrityFriends = Math.min(M - 1, Math.max(maxFriends, scaled(WORLD.celebrityFriends, f)));
  const pairs = new Set<number>();
  const key = (a: number, b: number) => Math.min(a, b) * 4_194_304 + Math.max(a, b); // indexes < 2^22
  const friendsOf: number[][] = Array.from({ length: M }, () => []);
  const link = (a: number, b: number) => {
    if (a === b || pairs.has(key(a, b))) return false;
    pairs.add(key(a, b));
    friendsOf[a]!.push(b);
    friendsOf[b]!.push(a);
    return true;
  };
  const special = [maxFriends, ...Array.from({ length: Math.min(WORLD.celebrities, M - 2) }, () => celebrityFriends)];
  special.forEach((degree, s) => {
    const start = r.int(0, M - 1);
    const stride = coprimeStep(M, r);
    for (let j = 0; friendsOf[s]!.length < degree && j < M; j += 1) {
      const b = (start + j * stride) % M;
      if (s === 0 || b !== 0) link(s, b); // the first member keeps exactly maxFriends
    }
  });
  const stubs: number[] = [];
  for (let i = special.length; i < M; i += 1) {
    const d = Math.min(maxFriends - 1, pareto(r, 4, 1.2));
    for (let k = Math.max(0, d - friendsOf[i]!.length); k > 0; k -= 1) stubs.push(i);
  }
  for (let i = stubs.length - 1; i > 0; i -= 1) {
    const j = Math.floor(r.next() * (i + 1));
    [stubs[i], stubs[j]] = [stubs[j]!, stubs[i]!];
  }
  for (let i = 0; i + 1 < stubs.length; i += 2) link(stubs[i]!, stubs[i + 1]!);
  // Each pair's day, drawn pair by pair in the order the site's other draws follow. The rows are
  // written member by member, each member's friends together: a statement's rows then name a few
  // hundred members, not thousands, and the trigger that starts a member's inbox at
  // FEED_INBOX_FRIENDS friends (migration 039) counts each member's friends once or twice in the
  // whole load rather than in every batch that holds one of their rows (98 s of PostgreSQL's load
  // at scale 1, 33 s without the trigger).
  const since = new Map<number, number>();
  for (let a = 0; a < M; a += 1)
    for (const b of friendsOf[a]!)
      if (b > a) since.set(key(a, b), Math.floor(Math.max(Number(a), b) * (YEAR / M) + began + r.int(0, 30 * 86400)));
  await insertAll(
    db,
    'friendships',
    (function* () {
      for (let a = 0; a < M; a += 1)
        for (const b of friendsOf[a]!) yield { user_id: member(a), friend_id: member(b), created_at: since.get(key(a, b))! };
    })(),
    false,
  );
  since.clear();
  step('friendships (pairs)', pairs.size);
  const degrees = friendsOf.map((x) => x.length);
  const byDegree = [...degrees.keys()].sort((a, b) => degrees[a]! - degrees[b]!);
  // The typical members (WorldLandmarks.typicalMembers): the middle tenth by friend count, at
  // COHORT evenly spaced points of their order of joining — members who joined early post most
  // (the activities' owners below), so that the five span the site's range of activity at the
  // median number of friends, alike at any scale. The middle one is the typical member.
  const lo = Math.max(0, Math.min(M - COHORT, Math.floor(M * 0.45)));
  const middleTenth = byDegree.slice(lo, Math.max(lo + COHORT, Math.ceil(M * 0.55))).sort((a, b) => a - b);
  const spaced = Array.from({ length: COHORT }, (_, k) => middleTenth[Math.floor(((k + 0.5) * middleTenth.length) / COHORT)]!);
  const typical = spaced[Math.floor(COHORT / 2)]!;
  const typicalCohort = [typical, ...spaced.filter((i) => i !== typical)];
  // The popular ones: the member with maxFriends, and those nearest it (index order breaks ties).
  const nearMax = [...degrees.keys()].filter((i) => i !== 0);
  nearMax.sort((a, b) => Math.abs(degrees[a]! - maxFriends) - Math.abs(degrees[b]! - maxFriends) || a - b);
  const popularCohort = [0, ...nearMax.slice(0, COHORT - 1)];

  // ---- friend requests waiting, between members who are not friends
  const nRequests = scaled(WORLD.friendRequests, f);
  const requestRows: Insertable<Database['friend_requests']>[] = [];
  for (let tries = 0; requestRows.length < nRequests && tries < nRequests * 3; tries += 1) {
    const a = r.int(0, M - 1);
    const b = r.int(0, M - 1);
    if (a === b || pairs.has(key(a, b))) continue;
    pairs.add(key(a, b)); // one request per pair, and not between friends
    requestRows.push({
      sender_id: member(a),
      recipient_id: member(b),
      user_low: Math.min(member(a), member(b)),
      user_high: Math.max(member(a), member(b)),
      created_at: t0 - r.int(0, 60 * 86400),
    });
  }
  const requests = await insertAll(db, 'friend_requests', requestRows, true);
  step('friend requests', requests.length);

  // ---- albums and photos; the pictures are a few stored files that the photos share
  const pictures = [];
  for (let i = 0; i < 4; i += 1) pictures.push(await storeImage(config.dataDir, await landscapeJpeg(r, 960, 640)));
  const categoriesOf = async (module: Database['categories']['module']) =>
    (await db.selectFrom('categories').select('id').where('module', '=', module).execute()).map((c) => c.id);
  const albumCategories = await categoriesOf('album');
  const nAlbums = scaled(WORLD.albums, f);
  const albumOwners = Array.from({ length: nAlbums }, () => member(r.int(0, M - 1)));
  const albums = await insertAll(
    db,
    'albums',
    albumOwners.map((owner, i) => ({
      owner_id: owner,
      kind: 'normal',
      title: `${words(r, 1, 3)} ${i + 1}`,
      description: words(r, 0, 12),
      category_id: albumCategories.length ? r.pick(albumCategories) : null,
      allow_search: 1,
      auth_view: r.chance(0.85) ? ('everyone' as const) : ('owner_member' as const),
      auth_comment: 'everyone' as const,
      auth_tag: 'owner_member' as const,
      cover_photo_id: null,
      created_at: began + Math.floor((3 * YEAR * i) / nAlbums),
      updated_at: began + Math.floor((3 * YEAR * i) / nAlbums),
    })),
    true,
  );
  step('albums', albums.length);
  const nPhotos = scaled(WORLD.photos, f);
  const photoAlbum = heavyTail(r, albums.length, nPhotos, 2_000);
  const photoOwner: number[] = [];
  const photos = await insertAll(
    db,
    'photos',
    (function* () {
      for (let a = 0; a < albums.length; a += 1)
        for (let k = 0; k < photoAlbum[a]!; k += 1) {
          const pic = pictures[(a + k) % pictures.length]!;
          photoOwner.push(albumOwners[a]!);
          yield {
            owner_id: albumOwners[a]!,
            album_id: albums[a]!,
            title: words(r, 0, 4),
            description: words(r, 0, 8),
            image_key: pic.key,
            width: pic.width,
            height: pic.height,
            position: k,
            created_at: began + Math.floor((3 * YEAR * a) / albums.length),
            updated_at: began + Math.floor((3 * YEAR * a) / albums.length),
          };
        }
    })(),
    true,
  );
  step('photos', photos.length);
  const photosOf = new Map<number, number[]>();
  photos.forEach((id, i) => {
    const list = photosOf.get(photoOwner[i]!);
    if (list) list.push(id);
    else photosOf.set(photoOwner[i]!, [id]);
  });

  // ---- activities: statuses, wall posts to a friend, photo posts, shares; the busiest members
  // post most; times run over three years so that ids grow with time, as on a real site.
  const nActivities = scaled(WORLD.activities, f);
  const activityOwner: number[] = [];
  const activities = await insertAll(
    db,
    'activities',
    (function* () {
      for (let i = 0; i < nActivities; i += 1) {
        const ownerIndex = Math.floor(M * Math.pow(r.next(), 2));
        const owner = member(ownerIndex);
        const friends = friendsOf[ownerIndex]!;
        const kind = r.next();
        const mine = photosOf.get(owner);
        const at = began + Math.floor((3 * YEAR * i) / nActivities);
        activityOwner.push(owner);
        const base = {
          owner_id: owner,
          subject_type: 'user',
          subject_id: owner,
          content: bodyHtml(`${words(r, 3, 18)} #${i + 1}${i % Math.max(1, Math.floor(nActivities / 5)) === 3 ? ` ${RARE_WORD}` : ''}`),
          auth_view: r.chance(0.9) ? ('everyone' as const) : ('owner_member' as const),
          attachment_type: null as string | null,
          attachment_id: null as number | null,
          is_share: 0,
          created_at: at,
        };
        if (kind < 0.1 && friends.length) yield { ...base, subject_id: member(r.pick(friends)) };
        else if (kind < 0.25 && mine) yield { ...base, attachment_type: 'photo', attachment_id: r.pick(mine) };
        else if (kind < 0.3 && i > 10)
          yield {
            ...base,
            content: bodyHtml(words(r, 0, 8)),
            attachment_type: 'activity',
            attachment_id: -1 - r.int(0, i - 1),
            is_share: 1,
          };
        else yield base;
      }
    })(),
    true,
  );
  // A share names an earlier activity by its place among these (negative while the ids were not
  // known): one writer, so the ids run without a gap.
  if (activities.at(-1)! - activities[0]! !== activities.length - 1)
    throw new Error('the activities’ ids have gaps: is another writer at work?');
  await db
    .updateTable('activities')
    .set({
      attachment_id: sql<number>`${activities[0]! - 1} - attachment_id`,
    })
    .where('id', '>=', activities[0]!)
    .where('attachment_type', '=', 'activity')
    .where('attachment_id', '<', 0)
    .execute();
  step('activities', activities.length);

  // ---- likes and comments, heavy-tailed over the posts: the most liked one by every member
  const A = activities.length;
  const likeCounts = heavyTail(r, A, scaled(WORLD.likes, f), M);
  const mostLiked = Math.floor(A / 2);
  likeCounts[mostLiked] = Math.min(M, scaled(WORLD.topLikes, f));
  const commentCounts = heavyTail(r, A, scaled(WORLD.comments, f), scaled(WORLD.topComments, f));
  const mostCommented = mostLiked + 1 < A ? mostLiked + 1 : 0;
  commentCounts[mostCommented] = scaled(WORLD.topComments, f);
  // Seen by everyone, as a post that draws a whole site's likes is.
  await db
    .updateTable('activities')
    .set({ auth_view: 'everyone' })
    .where('id', 'in', [activities[mostLiked]!, activities[mostCommented]!])
    .execute();
  let nLikes = 0;
  await insertAll(
    db,
    'likes',
    (function* () {
      for (let a = 0; a < A; a += 1) {
        const k = likeCounts[a]!;
        if (!k) continue;
        const start = r.int(0, M - 1);
        const stride = coprimeStep(M, r);
        for (let j = 0; j < k; j += 1) {
          nLikes += 1;
          yield {
            target_type: 'activity',
            target_id: activities[a]!,
            user_id: member((start + j * stride) % M),
            created_at: began + Math.floor((3 * YEAR * a) / A) + j,
          };
        }
      }
    })(),
    false,
  );
  step('likes', nLikes);
  const commentActivity: number[] = [];
  const comments = await insertAll(
    db,
    'comments',
    (function* () {
      for (let a = 0; a < A; a += 1)
        for (let j = 0; j < commentCounts[a]!; j += 1) {
          commentActivity.push(a);
          yield {
            item_type: 'activity',
            item_id: activities[a]!,
            owner_id: member(r.int(0, M - 1)),
            body: words(r, 2, 20),
            created_at: began + Math.floor((3 * YEAR * a) / A) + 60 * (j + 1),
          };
        }
    })(),
    true,
  );
  step('comments', comments.length);

  // ---- notifications: of every comment and friend request, and of one like in five, to the
  // owner (none to oneself); the older ones read.
  const readBy = t0 - 14 * 86400;
  let nNotifications = 0;
  await insertAll(
    db,
    'notifications',
    (function* () {
      for (let c = 0; c < comments.length; c += 1) {
        const a = commentActivity[c]!;
        const at = began + Math.floor((3 * YEAR * a) / A) + 60;
        nNotifications += 1;
        yield {
          user_id: activityOwner[a]!,
          actor_id: member(r.int(0, M - 1)),
          kind: 'comment' as const,
          item_type: 'activity',
          item_id: activities[a]!,
          source_type: 'comment',
          source_id: comments[c]!,
          created_at: at,
          read_at: at < readBy ? at + 3600 : null,
          seen_at: at < readBy ? at + 3600 : null,
        };
      }
      for (let a = 0; a < A; a += 1) {
        const likes = Math.ceil(likeCounts[a]! / 5);
        const at = began + Math.floor((3 * YEAR * a) / A) + 30;
        for (let j = 0; j < likes; j += 1) {
          nNotifications += 1;
          yield {
            user_id: activityOwner[a]!,
            actor_id: member(r.int(0, M - 1)),
            kind: 'like' as const,
            item_type: 'activity',
            item_id: activities[a]!,
            source_type: null,
            source_id: null,
            created_at: at + j,
            read_at: at < readBy ? at + 3600 : null,
            seen_at: at < readBy ? at + 3600 : null,
          };
        }
      }
      for (let q = 0; q < requests.length; q += 1) {
        const row = requestRows[q]!;
        nNotifications += 1;
        yield {
          user_id: row.recipient_id,
          actor_id: row.sender_id,
          kind: 'friend_request' as const,
          item_type: 'user',
          item_id: row.sender_id,
          source_type: 'friend_request',
          source_id: requests[q]!,
          created_at: row.created_at,
          read_at: null,
          seen_at: null,
        };
      }
    })(),
    false,
  );
  step('notifications', nNotifications);

  // ---- listings across categories and places, events over three years, groups with members
  const classifiedCategories = await categoriesOf('classified');
  const nListings = scaled(WORLD.listings, f);
  await insertAll(
    db,
    'classifieds',
    (function* () {
      for (let i = 0; i < nListings; i += 1) {
        const at = began + Math.floor((3 * YEAR * i) / nListings);
        yield {
          owner_id: member(r.int(0, M - 1)),
          title: `${words(r, 2, 5)} ${i + 1}`,
          body: `<p>${words(r, 10, 40)}</p>`,
          category_id: classifiedCategories.length ? r.pick(classifiedCategories) : null,
          price_cents: r.chance(0.9) ? r.int(1, 5_000) * 100 : null,
          location: r.pick(PLACES),
          is_closed: r.chance(0.15) ? 1 : 0,
          auth_view: 'everyone' as const,
          auth_comment: 'everyone' as const,
          main_photo_id: null,
          created_at: at,
          updated_at: at,
        };
      }
    })(),
    false,
  );
  step('listings', nListings);

  const eventCategories = await categoriesOf('event');
  // Who may see an event, by weight: most are open to everyone, some to members only, to the owner's
  // friends or the owner alone (and 3% are unlisted): a calendar's part that depends on its reader
  // is read at scale too.
  const EVENT_VIEWS: Privacy[] = [
    ...Array<Privacy>(80).fill('everyone'),
    ...Array<Privacy>(8).fill('registered'),
    ...Array<Privacy>(9).fill('owner_member'),
    ...Array<Privacy>(3).fill('owner'),
  ];
  const nEvents = scaled(WORLD.events, f);
  const eventOwners: number[] = [];
  const events = await insertAll(
    db,
    'events',
    (function* () {
      for (let i = 0; i < nEvents; i += 1) {
        // Two years back to one ahead, at whole half-hours.
        const start = Math.floor((t0 - 2 * YEAR + (3 * YEAR * i) / nEvents) / 1800) * 1800;
        const owner = member(r.int(0, M - 1));
        eventOwners.push(owner);
        yield {
          owner_id: owner,
          title: `${words(r, 2, 4)} ${i + 1}`,
          description: `<p>${words(r, 5, 30)}</p>`,
          category_id: eventCategories.length ? r.pick(eventCategories) : null,
          start_time: start,
          end_time: start + r.int(1, 6) * 1800,
          timezone: 'UTC',
          host: '',
          location: r.pick(PLACES),
          allow_search: r.chance(0.03) ? 0 : 1,
          auth_invite: 1,
          approval: 0,
          auth_view: r.pick(EVENT_VIEWS),
          auth_comment: 'everyone' as const,
          auth_photo: 'owner_member' as const,
          image_key: null,
          image_width: null,
          image_height: null,
          created_at: Math.min(t0, start - 14 * 86400),
          updated_at: Math.min(t0, start - 14 * 86400),
        };
      }
    })(),
    true,
  );
  await insertAll(
    db,
    'event_members',
    (function* () {
      for (let e = 0; e < events.length; e += 1) {
        const seen = new Set([eventOwners[e]!]);
        yield { event_id: events[e]!, user_id: eventOwners[e]!, rsvp: 'attending', invited_by: null, created_at: t0 - YEAR };
        for (let k = pareto(r, 1, 1.5); k > 0; k -= 1) {
          const u = member(r.int(0, M - 1));
          if (seen.has(u)) continue;
          seen.add(u);
          yield {
            event_id: events[e]!,
            user_id: u,
            rsvp: r.pick(['attending', 'maybe_attending', 'not_attending', 'awaiting_reply']),
            invited_by: null,
            created_at: t0 - YEAR,
          };
        }
      }
    })(),
    false,
  );
  step('events', events.length);

  const groupCategories = await categoriesOf('group');
  const nGroups = scaled(WORLD.groups, f);
  const groupOwners = Array.from({ length: nGroups }, () => member(r.int(0, M - 1)));
  const groups = await insertAll(
    db,
    'groups',
    groupOwners.map((owner, i) => ({
      owner_id: owner,
      title: `${words(r, 1, 3)} club ${i + 1}`,
      description: words(r, 5, 25),
      category_id: groupCategories.length ? r.pick(groupCategories) : null,
      allow_search: 1,
      approval: r.chance(0.3) ? 1 : 0,
      auth_invite: 'member' as const,
      auth_view: r.chance(0.8) ? ('everyone' as const) : ('member' as const),
      auth_comment: 'member' as const,
      auth_photo: 'member' as const,
      auth_event: 'officer' as const,
      image_key: null,
      image_width: null,
      image_height: null,
      created_at: began + Math.floor((3 * YEAR * i) / nGroups),
      updated_at: began + Math.floor((3 * YEAR * i) / nGroups),
    })),
    true,
  );
  const groupSizes = heavyTail(r, groups.length, groups.length * 10, Math.min(M - 1, 5_000));
  await insertAll(
    db,
    'group_members',
    (function* () {
      for (let g = 0; g < groups.length; g += 1) {
        const start = r.int(0, M - 1);
        const stride = coprimeStep(M, r);
        for (let j = 0; j < groupSizes[g]!; j += 1) {
          const u = member((start + j * stride) % M);
          if (u === groupOwners[g]) continue;
          yield {
            group_id: groups[g]!,
            user_id: u,
            state: j === 0 ? 'officer' : j % 40 === 39 ? 'requested' : 'member',
            title: j === 0 ? 'Officer' : '',
            invited_by: null,
            created_at: t0 - r.int(0, YEAR),
          };
        }
      }
    })(),
    false,
  );
  step('groups', groups.length);

  // ---- conversations: most between two friends, some among a few; one long one between the
  // typical member and a friend. Messages alternate between the members, oldest first.
  const nConversations = scaled(WORLD.conversations, f);
  const nMessages = scaled(WORLD.messages, f);
  const memberLists: number[][] = [];
  for (let c = 0; c < nConversations; c += 1) {
    const a = c === 0 ? typical : r.int(0, M - 1);
    const friends = friendsOf[a]!;
    const b = friends.length ? r.pick(friends) : (a + 1) % M;
    const list = [member(a), member(b)];
    if (c > 0 && r.chance(0.1)) for (let k = r.int(1, 3); k > 0; k -= 1) list.push(member(r.int(0, M - 1)));
    memberLists.push([...new Set(list)]);
  }
  const conversationSizes = heavyTail(r, nConversations, nMessages, scaled(WORLD.longConversation, f));
  conversationSizes[0] = scaled(WORLD.longConversation, f, LONG_CONVERSATION_MIN);
  const conversations = await insertAll(
    db,
    'conversations',
    memberLists.map((list, c) => ({
      title: words(r, 1, 5),
      creator_id: list[0]!,
      created_at: t0 - YEAR + Math.floor((YEAR * c) / nConversations),
      updated_at: t0 - YEAR + Math.floor((YEAR * c) / nConversations),
      last_message_id: null,
      resource_type: null,
      resource_id: null,
      item_type: null,
      item_id: null,
    })),
    true,
  );
  await insertAll(
    db,
    'conversation_members',
    (function* () {
      for (let c = 0; c < conversations.length; c += 1)
        for (const u of memberLists[c]!)
          yield { conversation_id: conversations[c]!, user_id: u, inbox_message_id: null, outbox_message_id: null };
    })(),
    false,
  );
  let messageCount = 0;
  await insertAll(
    db,
    'messages',
    (function* () {
      for (let c = 0; c < conversations.length; c += 1) {
        const list = memberLists[c]!;
        const start = t0 - YEAR + Math.floor((YEAR * c) / nConversations);
        const n = Math.max(1, conversationSizes[c]!);
        for (let j = 0; j < n; j += 1) {
          messageCount += 1;
          yield {
            conversation_id: conversations[c]!,
            sender_id: list[j % list.length]!,
            body: words(r, 1, 30),
            created_at: Math.min(t0, start + j * 97),
            attachment_type: null,
            attachment_id: null,
            link_uri: null,
            link_title: null,
            link_description: null,
            link_thumb: null,
          };
        }
      }
    })(),
    false,
  );
  // What domain/messages.ts keeps as each message is sent, set once for all of them: the
  // conversation's latest message, and each member's latest received (inbox) and sent (outbox);
  // read by the messages' index of conversations, made again first.
  await restore();
  const first = conversations[0]!;
  await db
    .updateTable('conversations as c')
    .set((eb) => ({
      last_message_id: eb
        .selectFrom('messages as m')
        .select((x) => x.fn.max('m.id').as('x'))
        .whereRef('m.conversation_id', '=', 'c.id'),
      updated_at: eb
        .selectFrom('messages as m')
        .select((x) => x.fn.max('m.created_at').as('x'))
        .whereRef('m.conversation_id', '=', 'c.id'),
    }))
    .where('c.id', '>=', first)
    .execute();
  const latest = (sent: boolean, column: 'id' | 'created_at') =>
    sql<
      number | null
    >`(select max(m.${sql.ref(column)}) from messages m where m.conversation_id = conversation_members.conversation_id and m.sender_id ${sql.raw(
      sent ? '=' : '<>',
    )} conversation_members.user_id)`;
  await db
    .updateTable('conversation_members')
    .set({
      inbox_message_id: latest(false, 'id'),
      inbox_updated: sql<number>`coalesce(${latest(false, 'created_at')}, 0)`,
      outbox_message_id: latest(true, 'id'),
      outbox_updated: sql<number>`coalesce(${latest(true, 'created_at')}, 0)`,
      inbox_read: sql<number>`case when conversation_id % 5 = 0 then 0 else 1 end`,
    })
    .where('conversation_id', '>=', first)
    .execute();
  step('conversations', conversations.length);
  step('messages', messageCount);

  // The search index in one piece, as a bulk load leaves it and the server's upkeep keeps it
  // (db/search/sqlite-upkeep.ts): loaded in batches it is in many segments, which the server
  // would start merging as soon as it runs.
  await settleSearchIndex(db);
  // The planner's statistics, as a long-running site has them.
  await sql`analyze`.execute(db);
  log(`the world is seeded (seed ${o.seed}, scale ${f})`);
  return {
    typicalMember: member(typical),
    popularMember: member(0),
    typicalMembers: typicalCohort.map(member),
    popularMembers: popularCohort.map(member),
    mostLiked: activities[mostLiked]!,
    mostCommented: activities[mostCommented]!,
    longConversation: conversations[0]!,
    counts,
  };
}
