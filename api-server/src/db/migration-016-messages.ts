import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Messages (issue 47; docs/api.md, "Messages"): SocialEngine 4's own three tables, as the origin
// API read them — a conversation, its messages, and one row per member that holds the member's
// folders (inbox, outbox: the latest message of each, when it came, read, deleted) so that both
// folders and the unread badge are direct, indexed queries. `cleared_message_id`: the messages a
// member deleted the conversation over stay hidden from them when a reply brings it back.
// Blocks, who may message whom (users.privacy_message) and the limits' counts (message_events,
// counted in the database so that every API instance shares them) go with it. The flat legacy
// `mail` table becomes conversations, one per row, and goes.
export const m016: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('conversations')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addColumn('last_message_id', 'integer')
      // A broadcast (multi=event): nobody may reply.
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('resource_type', 'text')
      .addColumn('resource_id', 'integer')
      // What it is about ("Contact seller", "Message organiser").
      .addColumn('item_type', 'text')
      .addColumn('item_id', 'integer')
      .execute();
    await db.schema.createIndex('conversations_item').on('conversations').columns(['item_type', 'item_id']).execute();

    await db.schema
      .createTable('conversation_members')
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('inbox_message_id', 'integer')
      .addColumn('inbox_updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('inbox_read', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('inbox_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('outbox_message_id', 'integer')
      .addColumn('outbox_updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('outbox_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cleared_message_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
      .execute();
    // The reader's folders, newest first, and the badge.
    await db.schema
      .createIndex('conversation_members_inbox')
      .on('conversation_members')
      .columns(['user_id', 'inbox_deleted', 'inbox_updated'])
      .execute();
    await db.schema
      .createIndex('conversation_members_outbox')
      .on('conversation_members')
      .columns(['user_id', 'outbox_deleted', 'outbox_updated'])
      .execute();

    await db.schema
      .createTable('messages')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Plain text as written; escaped when answered.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('attachment_type', 'text')
      .addColumn('attachment_id', 'integer')
      .addColumn('link_uri', 'text')
      .addColumn('link_title', 'text')
      .addColumn('link_description', 'text')
      .addColumn('link_thumb', 'text')
      .execute();
    // A conversation's newest messages, and the poll for newer ones (minid).
    await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();
    // Which conversation a photo was sent in (GET /albums/photos/{id}?conversation_id=).
    await db.schema.createIndex('messages_attachment').on('messages').columns(['attachment_type', 'attachment_id']).execute();

    await db.schema
      .createTable('user_blocks')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('blocked_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_blocks_pk', ['user_id', 'blocked_user_id'])
      .execute();
    await db.schema.createIndex('user_blocks_blocked').on('user_blocks').columns(['blocked_user_id', 'user_id']).execute();

    await db.schema
      .alterTable('users')
      .addColumn('privacy_message', 'text', (c) => c.notNull().defaultTo('friends'))
      .execute();

    // The limits' counts: one row per new conversation with a stranger, per message, and per
    // stranger a text was sent to (`text_hash`); a day old at most.
    await db.schema
      .createTable('message_events')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'integer', (c) => c.notNull())
      .addColumn('recipient_id', 'integer')
      .addColumn('text_hash', 'text')
      .execute();
    await db.schema.createIndex('message_events_user').on('message_events').columns(['user_id', 'kind', 'at']).execute();
    await db.schema.createIndex('message_events_at').on('message_events').column('at').execute();

    // Each legacy mail becomes a conversation of its two members, read as it was.
    const { rows } = await sql<{
      id: number;
      sender_id: number;
      recipient_id: number;
      subject: string;
      body: string;
      is_read: number;
      created_at: number;
    }>`select id, sender_id, recipient_id, subject, body, is_read, created_at from mail order by id`.execute(db);
    for (const m of rows) {
      const title = m.subject.trim() || '(No subject)';
      const { rows: conv } = await sql<{ id: number }>`insert into conversations (title, creator_id, created_at, updated_at)
        values (${title}, ${m.sender_id}, ${m.created_at}, ${m.created_at}) returning id`.execute(db);
      const conversationId = Number(conv[0]!.id);
      const { rows: msg } = await sql<{ id: number }>`insert into messages (conversation_id, sender_id, body, created_at)
        values (${conversationId}, ${m.sender_id}, ${m.body}, ${m.created_at}) returning id`.execute(db);
      const messageId = Number(msg[0]!.id);
      await sql`update conversations set last_message_id = ${messageId} where id = ${conversationId}`.execute(db);
      await sql`insert into conversation_members (conversation_id, user_id, outbox_message_id, outbox_updated)
        values (${conversationId}, ${m.sender_id}, ${messageId}, ${m.created_at})`.execute(db);
      if (m.recipient_id !== m.sender_id) {
        await sql`insert into conversation_members (conversation_id, user_id, inbox_message_id, inbox_updated, inbox_read)
          values (${conversationId}, ${m.recipient_id}, ${messageId}, ${m.created_at}, ${m.is_read ? 1 : 0})`.execute(db);
      }
    }
    await db.schema.dropTable('mail').execute();
  },
};
