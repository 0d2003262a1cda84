import { eachLimited } from '../db/each.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';

/** What the likes of one thing (an item, or a comment: target_type 'comment') look like to a reader. */
export interface LikeStats {
  total: number;
  isLiked: boolean;
  /** Ids of the most recent likers, newest first (as many as asked for). */
  recent: number[];
}

/** Like stats of many things of one type in a fixed number of queries. */
export async function getLikeStats(
  db: DB,
  targetType: string,
  ids: readonly number[],
  readerId: number | null,
  recentCount = 0,
): Promise<Map<number, LikeStats>> {
  const out = new Map<number, LikeStats>(ids.map((id) => [id, { total: 0, isLiked: false, recent: [] }]));
  if (ids.length === 0) return out;
  // The counts are kept by the database (migration 030): one row a thing, however liked it is.
  const totals = await db
    .selectFrom('reaction_counts')
    .select(['target_id', 'likes'])
    .where('target_type', '=', targetType)
    .where('target_id', 'in', ids)
    .where('likes', '>', 0)
    .execute();
  for (const t of totals) out.get(t.target_id)!.total = Number(t.likes);
  if (readerId !== null) {
    const mine = await db
      .selectFrom('likes')
      .select('target_id')
      .where('target_type', '=', targetType)
      .where('target_id', 'in', ids)
      .where('user_id', '=', readerId)
      .execute();
    for (const m of mine) out.get(m.target_id)!.isLiked = true;
  }
  if (recentCount > 0 && totals.length > 0) {
    const rows = await eachLimited(
      db,
      totals.map((t) => t.target_id),
      (id) =>
        db
          .selectFrom('likes')
          .select(['target_id', 'user_id', 'id'])
          .where('target_type', '=', targetType)
          .where('target_id', '=', id)
          .orderBy('id', 'desc')
          .limit(recentCount),
    );
    rows.sort((a, b) => b.id - a.id);
    for (const r of rows) out.get(r.target_id)!.recent.push(r.user_id);
  }
  return out;
}

/** Adds the like; false when the user liked it already (nothing changes). */
export async function addLike(db: DB, targetType: string, targetId: number, userId: number): Promise<boolean> {
  const res = await db
    .insertInto('likes')
    .values({ target_type: targetType, target_id: targetId, user_id: userId, created_at: now() })
    .onConflict((oc) => oc.columns(['target_type', 'target_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the like back; false when there was none. */
export async function removeLike(db: DB, targetType: string, targetId: number, userId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('likes')
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Ids of the users who liked it, newest like first. */
export async function listLikers(db: DB, targetType: string, targetId: number, limit: number, offset: number): Promise<number[]> {
  const rows = await db
    .selectFrom('likes')
    .select('user_id')
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.user_id);
}
