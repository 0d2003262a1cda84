import { type Generated, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupMigration } from '../fixture.ts';

// A database made before migration 007, when "read" was users.notifications_read_at: the two
// tables as the test writes them before it and reads them after it.
interface Schema {
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    full_name: string;
    user_name: string;
    joined: number;
    avatar_key: string | null;
    notifications_read_at: number;
  };
  notifications: {
    id: Generated<number>;
    user_id: number;
    actor_id: number;
    kind: string;
    item_type: string;
    item_id: number;
    created_at: number;
    read_at: Generated<number | null>;
  };
}

let db: Kysely<Schema>;
let reader: number, other: number;

// A database without any schema (the fixture's 'bare'), made by hand at the schema before migration 007.
setupMigration('006_events', async (bare) => {
  db = bare as unknown as Kysely<Schema>;
  const user = (email: string, readAt: number) =>
    db
      .insertInto('users')
      .values({
        email,
        password_hash: 'x',
        full_name: email,
        user_name: email,
        joined: 1,
        avatar_key: null,
        notifications_read_at: readAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  reader = (await user('reader@example.com', 1000)).id;
  other = (await user('other@example.com', 0)).id;
  const note = (userId: number, createdAt: number) => ({
    user_id: userId,
    actor_id: userId === reader ? other : reader,
    kind: 'like',
    item_type: 'blog',
    item_id: 1,
    created_at: createdAt,
  });
  await db
    .insertInto('notifications')
    .values([note(reader, 900), note(reader, 1000), note(reader, 1001), note(other, 5)])
    .execute();
});

describe('migration 007: notifications read per row', () => {
  it('keeps read what the old time watermark counted as read, and unread what came after it', async () => {
    const rows = await db.selectFrom('notifications').select(['user_id', 'created_at', 'read_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { user_id: reader, created_at: 900, read_at: 1000 },
      { user_id: reader, created_at: 1000, read_at: 1000 },
      { user_id: reader, created_at: 1001, read_at: null },
      { user_id: other, created_at: 5, read_at: null },
    ]);
  });

  it('drops users.notifications_read_at', async () => {
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'users')!.columns.map((c) => c.name);
    expect(columns).not.toContain('notifications_read_at');
  });
});
