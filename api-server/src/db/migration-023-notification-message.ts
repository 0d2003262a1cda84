import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A notification may carry what its actor wrote to the reader with it (docs/api.md, "Groups": an
// officer declining a request to join says why, group_reject). Null for every other notification.
export const m023: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('message', 'text').execute();
  },
};
