import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A like taken back withdraws its notification (domain/notifications.ts withdrawNotification): the
 * one its actor made about the thing. `notifications_item` (item_type, item_id) found every
 * notification about the thing and tested each one's actor — twenty thousand for the post the
 * whole site liked (issue 50: an unlike cost 2.1× at a million what it cost at a thousand).
 * `notifications_item_actor` (item_type, item_id, actor_id) finds the one; it also serves what
 * the old index did (every notification about some things: deleteNotificationsOf), which goes.
 */
export const m033: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index notifications_item_actor on notifications (item_type, item_id, actor_id)`.execute(db);
    await sql`drop index notifications_item`.execute(db);
  },
};
