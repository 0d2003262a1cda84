import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// "Read" moves from a per-user time (users.notifications_read_at, compared with created_at) to
// each notification's own read_at. Times are whole seconds, so a time watermark either marks a
// notification made in the same second as the reading without it having been shown, or leaves
// it unread for ever after; per row, POST /activities/notifications/read max_id marks exactly
// the ids up to max_id, and notification.get exactly the ones that existed when it read them.
export const m007: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('notifications').addColumn('read_at', 'integer').execute();
    // What was read under the old rule stays read (and keeps the time it was read).
    const readAt = db.selectFrom('users').select('users.notifications_read_at').whereRef('users.id', '=', 'notifications.user_id');
    await db.updateTable('notifications').set({ read_at: readAt }).where('created_at', '<=', readAt).execute();
    // Unread counts and "mark read" look up a user's unread rows.
    await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
    await db.schema.alterTable('users').dropColumn('notifications_read_at').execute();
  },
};
