import type { DB } from '../db/index.ts';
import { deleteNotificationsOf } from './notifications.ts';

/**
 * Removes what people left on comments being deleted: their likes and the notifications
 * about them or made by them. Run it in the transaction that deletes the comments.
 */
export async function deleteCommentTraces(db: DB, commentIds: readonly number[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db.deleteFrom('likes').where('target_type', '=', 'comment').where('target_id', 'in', commentIds).execute();
  await deleteNotificationsOf(db, 'comment', commentIds);
}

/**
 * Removes what people left on items being deleted (any item type): likes, comments with
 * their likes, and notifications. Every module that deletes items calls it, in the same
 * transaction as the delete.
 */
export async function deleteItemTraces(db: DB, type: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const comments = await db
    .selectFrom('comments')
    .select('id')
    .where('item_type', '=', type)
    .where('item_id', 'in', ids)
    .execute();
  const commentIds = comments.map((c) => c.id);
  await deleteCommentTraces(db, commentIds);
  if (commentIds.length) await db.deleteFrom('comments').where('id', 'in', commentIds).execute();
  await db.deleteFrom('likes').where('target_type', '=', type).where('target_id', 'in', ids).execute();
  await deleteNotificationsOf(db, type, ids);
}
