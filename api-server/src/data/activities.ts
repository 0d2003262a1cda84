import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';
import type { ActivitiesTable, Database, NewActivity } from '../db/types.ts';
import { groupWallSeenBy, postVisibleTo } from '../domain/visibility.ts';

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

const ownedBy =
  (userId: number): Where =>
  (eb) =>
    eb('activities.owner_id', '=', userId);
const onWallOf =
  (userId: number, type: 'user' | 'group' = 'user'): Where =>
  (eb) =>
    eb.and([eb('activities.subject_type', '=', type), eb('activities.subject_id', '=', userId)]);
/** Only the posts on walls of groups the reader may see (the feed's sources, each narrower than postVisibleTo otherwise). */
const inSeenGroups =
  (source: Where, userId: number): Where =>
  (eb) =>
    eb.and([source(eb), groupWallSeenBy('activities', userId)]);

/**
 * A feed is the union of sources that each match one index (activities_owner,
 * activities_subject, activities_view), all ordered by id, each with the privacy filter it
 * needs: one user's posts, the posts on one wall, or every public post.
 */
async function sourcesOf(db: DB, q: FeedQuery): Promise<Where[]> {
  const me = q.readerId;
  const visible =
    (source: Where): Where =>
    (eb) =>
      eb.and([source(eb), postVisibleTo('activities', me)]);
  if (q.wallOf?.type === 'group') return [visible(onWallOf(q.wallOf.id, 'group'))];
  if (q.wallOf !== undefined) return [ownedBy(q.wallOf.id), onWallOf(q.wallOf.id)].map(visible);
  if (me === null) return [() => postVisibleTo('activities', null)];
  const [friends, groups] = await Promise.all([
    db.selectFrom('friendships').select('friend_id').where('user_id', '=', me).execute(),
    db.selectFrom('group_members').select('group_id').where('user_id', '=', me).where('state', 'in', ['member', 'officer']).execute(),
  ]);
  return [
    // The reader sees all of their own posts (in groups they may still see) and all posts on their wall.
    inSeenGroups(ownedBy(me), me),
    onWallOf(me),
    // A friend's posts, but those for the friend alone (which postVisibleTo would also refuse;
    // those on the reader's wall come from the source above) and those in groups hidden from the reader.
    ...friends.map((f) => inSeenGroups((eb) => eb.and([ownedBy(f.friend_id)(eb), eb('activities.auth_view', '!=', 'owner')]), me)),
    // The walls of the reader's groups (issue 48), those a member may see (not an officers-only one).
    ...groups.map((g) => inSeenGroups(onWallOf(g.group_id, 'group'), me)),
  ];
}

// SQLite allows 500 terms in a compound SELECT.
const SOURCES_PER_QUERY = 100;

/**
 * Ids of the first `n` activities of the feed beyond a bound, in `dir` order.
 * Each source is read on its own index from the bound and stops after n rows (so the cost does
 * not grow with the table, and never OFFSET or COUNT); the per-source lists are merged here.
 * A single `owner IN (friends) OR wall = me ORDER BY id DESC` instead makes the database
 * collect and sort every matching row.
 */
async function pageIds(
  db: DB,
  sources: Where[],
  bounds: { below?: number; above?: number },
  dir: 'asc' | 'desc',
  n: number,
): Promise<number[]> {
  const found = new Set<number>();
  for (let start = 0; start < sources.length; start += SOURCES_PER_QUERY) {
    const parts = sources.slice(start, start + SOURCES_PER_QUERY).map((source, i) => {
      let sub = db.selectFrom('activities').select('activities.id').where(source);
      if (bounds.below !== undefined) sub = sub.where('activities.id', '<', bounds.below);
      if (bounds.above !== undefined) sub = sub.where('activities.id', '>', bounds.above);
      // Wrapped, so that ORDER BY and LIMIT apply to each member of the UNION ALL.
      return db.selectFrom(sub.orderBy('activities.id', dir).limit(n).as(`s${i}`)).select(`s${i}.id as id`);
    });
    const query = parts.slice(1).reduce((acc, part) => acc.unionAll(part), parts[0]!);
    for (const row of await query.execute()) found.add(row.id);
  }
  return [...found].sort((a, b) => (dir === 'desc' ? b - a : a - b)).slice(0, n);
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
