import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Calendar feeds of one's events (extension, docs/api.md, "Extensions": Calendar feeds): each is a
// read-only grant of its own, its secret stored only as a SHA-256 hash; revoking sets revoked_at.
export const m009: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('event_feeds')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('event_feeds_user').on('event_feeds').columns(['user_id', 'revoked_at']).execute();
  },
};
