import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Friend requests (extension, docs/api.md, "Extensions": Friend requests). A pair of members has at
// most one pending request, whichever way it goes: `user_low`/`user_high` are the pair's ids in
// order, and their unique constraint is what stops two requests sent at the same moment (the same
// one twice, or one each way) from both being stored, on any database. Accepting, declining or
// cancelling a request deletes it; a friendship is the two rows of `friendships`.
export const m011: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('friend_requests')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_low', 'integer', (c) => c.notNull())
      .addColumn('user_high', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('friend_requests_pair', ['user_low', 'user_high'])
      .execute();
    // The incoming and the outgoing lists, newest first.
    await db.schema.createIndex('friend_requests_recipient').on('friend_requests').columns(['recipient_id', 'id']).execute();
    await db.schema.createIndex('friend_requests_sender').on('friend_requests').columns(['sender_id', 'id']).execute();
  },
};
