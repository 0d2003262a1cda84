import type { DB } from '../db/index.ts';

// Notifications (table `notifications`) as only a route reads them: how many a member has in all
// (the legacy notification.get's total). Listing, counting the new ones, marking them read and
// notifying are rules every module shares: domain/notifications.ts.

export async function countNotifications(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
