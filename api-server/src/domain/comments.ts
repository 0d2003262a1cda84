import type { Selectable } from 'kysely';
import type { Config } from '../config.ts';
import { eachLimited } from '../db/each.ts';
import type { DB } from '../db/index.ts';
import type { CommentsTable } from '../db/types.ts';
import { formatDate } from './format.ts';
import type { Item } from './items.ts';
import { getLikeStats } from './likes.ts';
import { getOwnerSummaries, missingOwner, type OwnerSummary } from './owners.ts';
import type { Viewer } from './privacy.ts';

export type CommentRow = Selectable<CommentsTable>;

/** The spec's Comment. `body` is the plain text that was posted (clients escape it). */
export interface CommentView {
  id: number;
  owner: OwnerSummary;
  body: string;
  date: string;
  can_delete: boolean;
  is_liked: boolean;
  total_like: number;
}

/** The comment's author and the item's owner may delete a comment. */
export function canDeleteComment(viewer: Viewer, item: Pick<Item, 'ownerId'>, comment: Pick<CommentRow, 'owner_id'>): boolean {
  return viewer.userId !== null && (viewer.userId === comment.owner_id || viewer.userId === item.ownerId);
}

/** Comments as the reader sees them, in the order given. */
export async function presentComments(
  db: DB,
  config: Config,
  viewer: Viewer,
  itemOwnerOf: (c: CommentRow) => number,
  rows: readonly CommentRow[],
): Promise<CommentView[]> {
  if (rows.length === 0) return [];
  const [owners, likes] = await Promise.all([
    getOwnerSummaries(
      db,
      config,
      rows.map((r) => r.owner_id),
    ),
    getLikeStats(
      db,
      'comment',
      rows.map((r) => r.id),
      viewer.userId,
    ),
  ]);
  return rows.map((r) => {
    const l = likes.get(r.id)!;
    return {
      id: r.id,
      owner: owners.get(r.owner_id) ?? missingOwner(config, r.owner_id),
      body: r.body,
      date: formatDate(r.created_at),
      can_delete: canDeleteComment(viewer, { ownerId: itemOwnerOf(r) }, r),
      is_liked: l.isLiked,
      total_like: l.total,
    };
  });
}

/** Comment counts and the `latest` newest comments (in chronological order) of many items of one type. */
export async function getCommentStats(
  db: DB,
  itemType: string,
  ids: readonly number[],
  latest = 0,
): Promise<Map<number, { total: number; latest: CommentRow[] }>> {
  const out = new Map(ids.map((id) => [id, { total: 0, latest: [] as CommentRow[] }]));
  if (ids.length === 0) return out;
  // The counts are kept by the database (migration 030): one row an item, however commented it is.
  const totals = await db
    .selectFrom('reaction_counts')
    .select(['target_id', 'comments'])
    .where('target_type', '=', itemType)
    .where('target_id', 'in', ids)
    .where('comments', '>', 0)
    .execute();
  for (const t of totals) out.get(t.target_id)!.total = Number(t.comments);
  if (latest > 0 && totals.length > 0) {
    const rows = await eachLimited(
      db,
      totals.map((t) => t.target_id),
      (id) =>
        db
          .selectFrom('comments')
          .selectAll()
          .where('item_type', '=', itemType)
          .where('item_id', '=', id)
          .orderBy('id', 'desc')
          .limit(latest),
    );
    rows.sort((a, b) => a.id - b.id);
    for (const r of rows) out.get(r.item_id)!.latest.push(r);
  }
  return out;
}

/** One page of an item's comments: page 1 holds the newest `limit`, each page in chronological order. */
export async function listComments(db: DB, itemType: string, itemId: number, limit: number, offset: number): Promise<CommentRow[]> {
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.reverse();
}
