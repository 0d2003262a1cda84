import type { DB } from '../db/index.ts';
import { deleteItemTags } from './keyword-tags.ts';
import { deleteNotificationsOf } from './notifications.ts';

/**
 * Removes what people left on comments being deleted: their likes, reports and the notifications
 * about them or made by them. Run it in the transaction that deletes the comments.
 */
export async function deleteCommentTraces(db: DB, commentIds: readonly number[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db.deleteFrom('likes').where('target_type', '=', 'comment').where('target_id', 'in', commentIds).execute();
  await db.deleteFrom('reports').where('item_type', '=', 'comment').where('item_id', 'in', commentIds).execute();
  await deleteNotificationsOf(db, 'comment', commentIds);
}

/**
 * Removes what people left on items being deleted (any item type): likes, comments with
 * their likes, keyword tags, tag areas, reports, notifications, and activities that share or attach them. Every module that deletes items calls it, in the same
 * transaction as the delete.
 */
export async function deleteItemTraces(db: DB, type: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const comments = await db.selectFrom('comments').select('id').where('item_type', '=', type).where('item_id', 'in', ids).execute();
  const commentIds = comments.map((c) => c.id);
  await deleteCommentTraces(db, commentIds);
  if (commentIds.length) await db.deleteFrom('comments').where('id', 'in', commentIds).execute();
  await db.deleteFrom('likes').where('target_type', '=', type).where('target_id', 'in', ids).execute();
  await deleteNotificationsOf(db, type, ids);
  await db.deleteFrom('item_tag_areas').where('subject_type', '=', type).where('subject_id', 'in', ids).execute();
  await deleteItemTags(db, type, ids);
  await db.deleteFrom('reports').where('item_type', '=', type).where('item_id', 'in', ids).execute();
  // Feed entries pointing to the item lose the attachment; those with no words of their own
  // (a bare share, a photo posted without text) would be empty and go with it.
  const carriers = await db
    .selectFrom('activities')
    .select(['id', 'content'])
    .where('attachment_type', '=', type)
    .where('attachment_id', 'in', ids)
    .execute();
  const gone = carriers.filter((a) => a.content.trim() === '').map((a) => a.id);
  const kept = carriers.filter((a) => !gone.includes(a.id)).map((a) => a.id);
  if (kept.length) {
    await db.updateTable('activities').set({ attachment_type: null, attachment_id: null }).where('id', 'in', kept).execute();
  }
  if (gone.length) {
    await deleteItemTraces(db, 'activity', gone);
    await db.deleteFrom('activities').where('id', 'in', gone).execute();
  }
}
