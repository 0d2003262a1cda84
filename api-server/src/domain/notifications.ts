import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';

export type NotificationKind = 'like' | 'comment' | 'share';

/**
 * Tells `userId` that `actorId` liked, commented on or shared their thing (`itemType`,
 * `itemId`: an item, or 'comment' for a liked comment). Acting on your own thing tells nobody.
 * `source` is what made the notification (the comment, the share activity), so deleting it
 * withdraws the notification.
 */
export async function notify(
  db: DB,
  n: { userId: number; actorId: number; kind: NotificationKind; itemType: string; itemId: number; source?: { type: string; id: number } },
): Promise<void> {
  if (n.userId === n.actorId) return;
  await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      actor_id: n.actorId,
      kind: n.kind,
      item_type: n.itemType,
      item_id: n.itemId,
      source_type: n.source?.type ?? null,
      source_id: n.source?.id ?? null,
      created_at: now(),
    })
    .execute();
}

/** Withdraws the notification of a like that was taken back. */
export async function withdrawLikeNotification(db: DB, actorId: number, targetType: string, targetId: number): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('kind', '=', 'like')
    .where('actor_id', '=', actorId)
    .where('item_type', '=', targetType)
    .where('item_id', '=', targetId)
    .execute();
}

/** Removes every notification about these things or made by them (they were deleted). */
export async function deleteNotificationsOf(db: DB, type: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('item_type', '=', type), eb('item_id', 'in', ids)]),
        eb.and([eb('source_type', '=', type), eb('source_id', 'in', ids)]),
      ]),
    )
    .execute();
}

/** Notifications newer than the time the user last read them. */
export async function countUnreadNotifications(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notifications.user_id', '=', userId)
    .whereRef('notifications.created_at', '>', 'users.notifications_read_at')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
