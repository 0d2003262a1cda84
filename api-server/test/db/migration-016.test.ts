import { type Generated, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/index.ts';
import { unreadConversations } from '../../src/domain/messages.ts';
import { setupMigration } from '../fixture.ts';

// A database made before migration 016, when the legacy API's mail was a flat table: each row
// becomes a conversation of its two members, read as it was, and the table goes.
interface Schema {
  users: { id: Generated<number>; email: string; password_hash: string; full_name: string; user_name: string; joined: number };
  mail: {
    id: Generated<number>;
    sender_id: number;
    recipient_id: number;
    subject: string;
    body: string;
    is_read: number;
    created_at: number;
  };
}

let db: Kysely<Schema>;
let reader: number, other: number;

setupMigration('015_legacy_site_sessions', async (bare) => {
  db = bare as unknown as Kysely<Schema>;
  const user = (email: string) =>
    db
      .insertInto('users')
      .values({ email, password_hash: 'x', full_name: email, user_name: email, joined: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
  reader = (await user('reader@example.com')).id;
  other = (await user('other@example.com')).id;
  const mail = (from: number, to: number, subject: string, isRead: number, at: number) => ({
    sender_id: from,
    recipient_id: to,
    subject,
    body: `${subject} body`,
    is_read: isRead,
    created_at: at,
  });
  await db
    .insertInto('mail')
    .values([mail(other, reader, 'Unread', 0, 10), mail(other, reader, 'Read', 1, 20), mail(reader, other, '', 0, 30)])
    .execute();
});

describe('migration 016: mail becomes conversations', () => {
  it('makes one conversation per mail, in its sender’s outbox and its recipient’s inbox, read as it was', async () => {
    const messages = db as unknown as DB;
    const rows = await messages
      .selectFrom('conversations as c')
      .innerJoin('messages as m', 'm.id', 'c.last_message_id')
      .select(['c.title', 'c.creator_id', 'm.body', 'm.created_at'])
      .orderBy('c.id')
      .execute();
    expect(rows).toEqual([
      { title: 'Unread', creator_id: other, body: 'Unread body', created_at: 10 },
      { title: 'Read', creator_id: other, body: 'Read body', created_at: 20 },
      { title: '(No subject)', creator_id: reader, body: ' body', created_at: 30 },
    ]);
    expect(await unreadConversations(messages, reader)).toBe(1);
    expect(await unreadConversations(messages, other)).toBe(1);
    const members = await messages
      .selectFrom('conversation_members')
      .select(['user_id', 'inbox_message_id', 'outbox_message_id'])
      .execute();
    expect(members).toHaveLength(6);
    expect(members.filter((m) => m.inbox_message_id !== null)).toHaveLength(3);
    expect(members.filter((m) => m.outbox_message_id !== null)).toHaveLength(3);
  });

  it('drops the mail table', async () => {
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('mail');
    expect(tables).toEqual(expect.arrayContaining(['conversations', 'conversation_members', 'messages', 'user_blocks', 'message_events']));
  });
});
