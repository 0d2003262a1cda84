import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// "Read" moves from a per-user time (users.notifications_read_at, compared with created_at) to
// each notification's own read_at. Times are whole seconds, so a time watermark either marks a
// notification made in the same second as the reading without it having been shown, or leaves
// it unread for ever after; per row, POST /activities/notifications/read max_id marks exactly
// the ids up to max_id, and notification.get exactly the ones that existed when it read them.
// The two tables as this migration finds them.
interface PreviousSchema {
  users: { id: number; notifications_read_at: number };
  notifications: { user_id: number; created_at: number; read_at: number | null };
}

export const m007: Migration = {
  async up(db: Kysely<PreviousSchema>) {
    await db.schema.alterTable('notifications').addColumn('read_at', 'integer').execute();
    // What was read under the old rule stays read (and keeps the time it was read).
    const readAt = (eb: ExpressionBuilder<PreviousSchema, 'notifications'>) =>
      eb.selectFrom('users').select('users.notifications_read_at').whereRef('users.id', '=', 'notifications.user_id');
    await db
      .updateTable('notifications')
      .set((eb) => ({ read_at: readAt(eb) }))
      .where((eb) => eb('created_at', '<=', readAt(eb)))
      .execute();
    // Unread counts and "mark read" look up a user's unread rows.
    await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
    await db.schema.alterTable('users').dropColumn('notifications_read_at').execute();
  },
};
