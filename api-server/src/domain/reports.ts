import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { ITEM_TYPES, getVisibleItem, isItemType } from './items.ts';
import type { Viewer } from './privacy.ts';

/** Valid values of a report's `type` (GET /core/report_types). */
export const REPORT_TYPES = [
  { id: 'spam', title: 'Spam' },
  { id: 'abuse', title: 'Abuse or harassment' },
  { id: 'inappropriate', title: 'Inappropriate content' },
  { id: 'licensed', title: 'Copyrighted or licensed material' },
  { id: 'other', title: 'Other' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['id'];

/** What can be reported: every item type, a comment (by its id), a member and a message (docs/api.md, "Messages"). */
export const REPORTABLE_TYPES = [...ITEM_TYPES, 'comment', 'user', 'message'] as const;
export type ReportableType = (typeof REPORTABLE_TYPES)[number];

/**
 * can_report: a user (not a client-credentials token) who may see the thing and is not its
 * owner; reporting your own thing makes no sense. Visibility is checked by the caller.
 */
export function canReport(viewer: Viewer, ownerId: number): boolean {
  return viewer.userId !== null && viewer.userId !== ownerId;
}

/** The owner of the thing to report when the viewer may see it; 404 when absent or hidden. */
export async function reportTargetOwner(db: DB, config: Config, viewer: Viewer, type: ReportableType, id: number): Promise<number> {
  if (type === 'user') {
    const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('The member was not found.');
    return user.id;
  }
  if (type === 'message') {
    // By a member of its conversation only; to anyone else it does not exist.
    const message = await db
      .selectFrom('messages as msg')
      .innerJoin('conversation_members as m', 'm.conversation_id', 'msg.conversation_id')
      .select('msg.sender_id')
      .where('msg.id', '=', id)
      .where('m.user_id', '=', viewer.userId ?? 0)
      .executeTakeFirst();
    if (!message) throw notFound('The message was not found, or you are not in its conversation.');
    return message.sender_id;
  }
  if (type === 'comment') {
    const comment = await db.selectFrom('comments').select(['owner_id', 'item_type', 'item_id']).where('id', '=', id).executeTakeFirst();
    // A comment is as visible as the item it is on.
    if (!comment || !isItemType(comment.item_type)) throw notFound('The comment was not found or you may not see it.');
    await getVisibleItem(db, config, viewer, comment.item_type, comment.item_id);
    return comment.owner_id;
  }
  return (await getVisibleItem(db, config, viewer, type, id)).ownerId;
}

/** Records the report; false when this user reported this thing before (nothing changes). */
export async function addReport(
  db: DB,
  r: { reporterId: number; itemType: ReportableType; itemId: number; type: ReportType; description: string },
): Promise<boolean> {
  const res = await db
    .insertInto('reports')
    .values({
      reporter_id: r.reporterId,
      item_type: r.itemType,
      item_id: r.itemId,
      type: r.type,
      description: r.description,
      created_at: now(),
    })
    .onConflict((oc) => oc.columns(['reporter_id', 'item_type', 'item_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}
