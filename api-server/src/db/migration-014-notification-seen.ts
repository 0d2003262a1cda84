import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// "Seen" beside "read" (docs/api.md, "Extensions": Notifications). Opening the bell's panel marks
// seen what it showed (POST /activities/notifications/seen): the bell's count
// (notification_count, notification.getNewCount) drops, while the rows stay new (unread) until
// the list is opened. Per row, as read_at is since migration 007: by id, exactly those shown.
// The grouped list (GET /activities/notifications/groups) finds each group's newest notification
// by the same person's kind, item and time.
export const m014: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('seen_at', 'integer').execute();
    // The count is of rows neither read nor seen; marking read or seen looks them up the same way.
    await db.schema.dropIndex('notifications_unread').execute();
    await db.schema.createIndex('notifications_unseen').on('notifications').columns(['user_id', 'read_at', 'seen_at']).execute();
    // A group is one kind of notification about one thing on one day: its newer members are found by these.
    await db.schema
      .createIndex('notifications_group')
      .on('notifications')
      .columns(['user_id', 'item_type', 'item_id', 'kind', 'created_at'])
      .execute();
  },
};
