import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { eachLimited } from '../db/each.ts';
import type { DB } from '../db/index.ts';
import type { ActivitiesTable, Database, NewActivity } from '../db/types.ts';
import { groupWallSeenBy, ownedByFriendOf, postVisibleTo } from '../domain/visibility.ts';
import { countFriends } from './friends.ts';

// Activities (table `activities`): the feed query, which reads `friendships` for the reader's
// sources, and the rows the activity routes read, post, share and delete (and the check that a
// photo attached is the poster's own). Who may see an
// activity is domain/privacy.ts.

export type ActivityRow = Selectable<ActivitiesTable>;

export interface FeedQuery {
  /** null: a client-credentials token, which reads what everyone may see. */
  readerId: number | null;
  /** A member's or (subject_type 'group') a group's wall instead of the reader's feed. */
  wallOf?: { type: 'user' | 'group'; id: number };
  limit: number;
  /** Exclusive bounds on the id; see feedPage. */
  maxid?: number;
  minid?: number;
}

type Where = (eb: ExpressionBuilder<Database, 'activities'>) => Expression<SqlBool>;

/**
 * A column as a value no index serves (`+column`: SQLite's documented way; PostgreSQL reads it as
 * the number). The dense feed's one condition names its columns so (`plain`): with them
 * indexable, SQLite planned the range as a MULTI-INDEX OR, a probe of `activities_owner` per
 * friend (1,000) sorted after, 1.7 ms at a million, rather than the range on the primary key it
 * reads in 0.29.
 */
const column = (name: 'activities.owner_id' | 'activities.subject_id', plain: boolean) => (plain ? sql<number>`+${sql.ref(name)}` : name);
const ownedBy =
  (userId: number, plain = false): Where =>
  (eb) =>
    eb(column('activities.owner_id', plain), '=', userId);
const onWallOf =
  (userId: number, type: 'user' | 'group' = 'user', plain = false): Where =>
  (eb) =>
    eb.and([eb('activities.subject_type', '=', type), eb(column('activities.subject_id', plain), '=', userId)]);
/** Only the posts on walls of groups the reader may see (the feed's sources, each narrower than postVisibleTo otherwise). */
const inSeenGroups =
  (source: Where, userId: number): Where =>
  (eb) =>
    eb.and([source(eb), groupWallSeenBy('activities', userId)]);

/**
 * A feed is the union of sources that each match one index (activities_owner,
 * activities_subject, activities_view), all ordered by id, each with the privacy filter it
 * needs: one user's posts, the posts on one wall, or every public post.
 *
 * A reader with many sources (friends and groups: more than the square root of the number of
 * members) has them as one condition instead (`dense`), which a read of the id range checks row
 * by row: reading each source costs a probe per source, reading the range a row per post of the
 * site, and with S sources among M members about one post in M/S is theirs — n × M/S rows for a
 * page of n against S probes, the fewer when S² > M (1,000 friends among 100,000 members: ~1,600
 * rows of one index against 1,000 probes of 16 rows each).
 *
 * A reader with FEED_INBOX_FRIENDS friends or more has their friends' posts written ahead into an
 * inbox (migration 039) as they are posted: those are read from it, about a page of rows however
 * large the site, and the reader's own sources and groups as above.
 */
interface Sources {
  /** Each source alone, for a read of each on its own index. */
  each: () => Promise<Where[]>;
  /**
   * Their union as one condition, with the share of the site's posts expected to match it at least
   * (S/M, the sources counted up to √M): a range is read in order and stops at n matches, so a wide
   * one costs only its bound.
   */
  dense?: { all: Where; density: number };
  /**
   * The reader's friends' posts, when their feed is kept written ahead (migration 039): read from
   * their inbox, apart from the sources above, and merged with them.
   */
  inbox?: (bounds: Bounds, dir: 'asc' | 'desc', n: number) => Promise<number[]>;
}

/** Exclusive bounds on an activity's id. */
interface Bounds {
  below?: number;
  above?: number;
}

async function sourcesOf(db: DB, q: FeedQuery): Promise<Sources> {
  const me = q.readerId;
  const visible =
    (source: Where): Where =>
    (eb) =>
      eb.and([source(eb), postVisibleTo('activities', me)]);
  const few = (sources: Where[]): Sources => ({ each: async () => sources });
  if (q.wallOf?.type === 'group') return few([visible(onWallOf(q.wallOf.id, 'group'))]);
  if (q.wallOf !== undefined) return few([ownedBy(q.wallOf.id), onWallOf(q.wallOf.id)].map(visible));
  if (me === null) return few([() => postVisibleTo('activities', null)]);
  const friendsOf = () => db.selectFrom('friendships').select('friend_id').where('user_id', '=', me).execute();
  const groupsOf = (limit?: number) =>
    db
      .selectFrom('group_members')
      .select('group_id')
      .where('user_id', '=', me)
      .where('state', 'in', ['member', 'officer'])
      .$if(limit !== undefined, (s) => s.limit(limit!))
      .execute();
  // The reader sees all of their own posts (in groups they may still see) and all posts on their wall.
  const mineOf = (plain = false) => [inSeenGroups(ownedBy(me, plain), me), onWallOf(me, 'user', plain)];
  const mine = mineOf();
  // A friend's posts, but those for the friend alone (which postVisibleTo would also refuse;
  // those on the reader's wall come from the source above) and those in groups hidden from the reader.
  const friendPosts =
    (owners: (eb: ExpressionBuilder<Database, 'activities'>) => Expression<SqlBool>): Where =>
    (eb) =>
      eb.and([owners(eb), eb('activities.auth_view', '!=', 'owner')]);
  // The walls of the reader's groups (issue 48), those a member may see (not an officers-only one).
  const groupWalls =
    (groups: (eb: ExpressionBuilder<Database, 'activities'>) => Expression<SqlBool>): Where =>
    (eb) =>
      eb.and([eb('activities.subject_type', '=', 'group'), groups(eb)]);
  const each = (friends: { friend_id: number }[], groups: { group_id: number }[]): Where[] => [
    ...mine,
    ...friends.map((f) => inSeenGroups(friendPosts(ownedBy(f.friend_id)), me)),
    ...groups.map((g) =>
      inSeenGroups(
        groupWalls((eb) => eb('activities.subject_id', '=', g.group_id)),
        me,
      ),
    ),
  ];
  // Whether there are many friends and groups: counted up to the bound first (a member with
  // many friends is read by their union, and their ids — 317 rows at 100,000 members — cost a
  // fifth of a dense page's read as rows; the count steps the same index entries in the database).
  const members = await maxUserId(db);
  const many = Math.ceil(Math.sqrt(members));
  const [friendCount, groups, kept] = await Promise.all([
    countFriends(db, me, many + 1),
    groupsOf(many + 1),
    db.selectFrom('feed_readers').select('user_id').where('user_id', '=', me).executeTakeFirst(),
  ]);
  // With a kept inbox the friends' posts come from it; the reader's own and their groups' as before.
  const inbox =
    kept === undefined
      ? undefined
      : inboxOf(
          db,
          me,
          inSeenGroups(
            friendPosts(() => ownedByFriendOf('activities', me, { perRow: true })),
            me,
          ),
        );
  const count = mine.length + (inbox ? 0 : friendCount) + groups.length;
  if (count <= many) return { ...few(each(inbox ? [] : await friendsOf(), groups)), inbox };
  const all: Where = (eb) =>
    eb.or([
      ...mineOf(true).map((source) => source(eb)),
      ...(inbox
        ? []
        : [
            inSeenGroups(
              friendPosts((x) =>
                x(column('activities.owner_id', true), 'in', x.selectFrom('friendships').select('friend_id').where('user_id', '=', me)),
              ),
              me,
            )(eb),
          ]),
      inSeenGroups(
        groupWalls((x) =>
          x(
            column('activities.subject_id', true),
            'in',
            x.selectFrom('group_members').select('group_id').where('user_id', '=', me).where('state', 'in', ['member', 'officer']),
          ),
        ),
        me,
      )(eb),
    ]);
  return {
    each: async () => {
      const [f, g] = await Promise.all([inbox ? [] : friendsOf(), groupsOf()]);
      return each(f, g);
    },
    dense: { all, density: Math.min(1, count / Math.max(1, members)) },
    inbox,
  };
}

/**
 * The ids of the first `n` posts beyond the bounds of the reader's kept inbox that pass `rule`
 * (the feed's test of a friend's post): read in order on the inbox's key, each candidate tested
 * as it comes, so a page reads about a page of rows however large the site.
 */
const inboxOf =
  (db: DB, me: number, rule: Where) =>
  async (bounds: Bounds, dir: 'asc' | 'desc', n: number): Promise<number[]> => {
    let q = db
      .selectFrom('feed_inbox')
      .innerJoin('activities', 'activities.id', 'feed_inbox.activity_id')
      .select('feed_inbox.activity_id as id')
      .where('feed_inbox.reader_id', '=', me)
      .where(rule);
    if (bounds.below !== undefined) q = q.where('feed_inbox.activity_id', '<', bounds.below);
    if (bounds.above !== undefined) q = q.where('feed_inbox.activity_id', '>', bounds.above);
    const rows = await q.orderBy('feed_inbox.activity_id', dir).limit(n).execute();
    return rows.map((r) => r.id);
  };

async function maxUserId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/**
 * Ids of the first `n` activities of the feed beyond a bound, in `dir` order.
 * Each source is read on its own index from the bound and stops after n rows (so the cost does
 * not grow with the table, and never OFFSET or COUNT); the per-source lists are merged here.
 * A single `owner IN (friends) OR wall = me ORDER BY id DESC` instead makes the database
 * collect and sort every matching row.
 */
async function eachSourceIds(
  db: DB,
  sources: Where[],
  bounds: { below?: number; above?: number },
  dir: 'asc' | 'desc',
  n: number,
): Promise<number[]> {
  const rows = await eachLimited(db, sources, (source) => {
    let sub = db.selectFrom('activities').select('activities.id').where(source);
    if (bounds.below !== undefined) sub = sub.where('activities.id', '<', bounds.below);
    if (bounds.above !== undefined) sub = sub.where('activities.id', '>', bounds.above);
    return sub.orderBy('activities.id', dir).limit(n);
  });
  const found = new Set(rows.map((r) => r.id));
  return [...found].sort((a, b) => (dir === 'desc' ? b - a : a - b)).slice(0, n);
}

/** Ranges of ids read for a dense feed before its sources are read one by one (each 4× the last). */
const DENSE_RANGES = 3;

/**
 * Ids of the first `n` activities of the feed beyond a bound, in `dir` order: those of its
 * sources, merged with those of the reader's kept inbox when they have one (each read stops at n).
 */
async function pageIds(db: DB, sources: Sources, bounds: Bounds, dir: 'asc' | 'desc', n: number): Promise<number[]> {
  if (!sources.inbox) return sourceIds(db, sources, bounds, dir, n);
  const [ids, kept] = await Promise.all([sourceIds(db, sources, bounds, dir, n), sources.inbox(bounds, dir, n)]);
  return [...new Set([...ids, ...kept])].sort((a, b) => (dir === 'desc' ? b - a : a - b)).slice(0, n);
}

/**
 * The sources' part: each on its own (eachSourceIds), or for many sources ranges of ids from the
 * bound, each read in order on the primary key with the sources' union as a filter and cut at n;
 * the first sized for about twice n matches at the expected density, each next one four times the
 * last. A reader whose sources have gone quiet (fewer matches than expected over all of them) is
 * read source by source beyond them, so that no page reads more than about 40 pages' worth of the
 * site's posts.
 */
async function sourceIds(db: DB, sources: Sources, bounds: Bounds, dir: 'asc' | 'desc', n: number): Promise<number[]> {
  if (!sources.dense) return eachSourceIds(db, await sources.each(), bounds, dir, n);
  const { all, density } = sources.dense;
  const top = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  const last = Number(top?.m ?? 0);
  const ids: number[] = [];
  let width = Math.ceil((2 * n) / density);
  // The range still to read: (low, high), both exclusive.
  let high = Math.min(bounds.below ?? last + 1, last + 1);
  let low = bounds.above ?? 0;
  for (let range = 0; range < DENSE_RANGES && ids.length < n && high - low > 1; range += 1, width *= 4) {
    const from = dir === 'desc' ? Math.max(low, high - width - 1) : low;
    const to = dir === 'desc' ? high : Math.min(high, low + width + 1);
    const rows = await db
      .selectFrom('activities')
      .select('activities.id')
      .where('activities.id', '>', from)
      .where('activities.id', '<', to)
      .where(all)
      .orderBy('activities.id', dir)
      .limit(n - ids.length)
      .execute();
    ids.push(...rows.map((r) => r.id));
    if (dir === 'desc') high = from + 1;
    else low = to - 1;
  }
  if (ids.length < n && high - low > 1)
    ids.push(...(await eachSourceIds(db, await sources.each(), { below: high, above: low }, dir, n - ids.length)));
  return ids;
}

/**
 * One page of a feed, newest first, by keyset on id:
 * - no bound or maxid: the newest `limit` items with id < maxid;
 * - minid: the `limit` items just above minid (the oldest of the newer ones, so a client
 *   paging upward never skips any), still returned newest first; maxid, if also given,
 *   caps them from above.
 * endOfFeed: no item of the feed is older than the oldest one of this page.
 */
export async function feedPage(db: DB, q: FeedQuery): Promise<{ rows: ActivityRow[]; endOfFeed: boolean }> {
  const sources = await sourcesOf(db, q);
  let ids: number[];
  let endOfFeed: boolean;
  if (q.minid === undefined) {
    ids = await pageIds(db, sources, { below: q.maxid }, 'desc', q.limit + 1);
    endOfFeed = ids.length <= q.limit;
    ids = ids.slice(0, q.limit);
  } else {
    ids = (await pageIds(db, sources, { below: q.maxid, above: q.minid }, 'asc', q.limit)).reverse();
    // Everything at or below minid is older than this page (when it is empty, too).
    const below = ids.length ? ids[ids.length - 1]! : q.minid + 1;
    endOfFeed = (await pageIds(db, sources, { below }, 'desc', 1)).length === 0;
  }
  if (ids.length === 0) return { rows: [], endOfFeed };
  const rows = await db.selectFrom('activities').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
  return { rows, endOfFeed };
}

/** An activity by id, whoever may see it (the caller checks). */
export function getActivity(db: DB, id: number): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores an activity (a post or a share); returns its id. */
export async function createActivity(db: DB, values: NewActivity): Promise<number> {
  const row = await db.insertInto('activities').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the activity row (its likes, comments and notifications go first: domain/item-traces.ts). */
export async function deleteActivity(db: DB, id: number): Promise<void> {
  await db.deleteFrom('activities').where('id', '=', id).execute();
}

/** The photo is one `ownerId` uploaded (what a post may attach). */
export async function isOwnPhoto(db: DB, photoId: number, ownerId: number): Promise<boolean> {
  const photo = await db.selectFrom('photos').select('id').where('id', '=', photoId).where('owner_id', '=', ownerId).executeTakeFirst();
  return photo !== undefined;
}
