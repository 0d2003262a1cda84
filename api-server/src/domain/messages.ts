import type { Insertable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { MessagesTable } from '../db/types.ts';
import { blockRefusal } from './blocks.ts';
import { areFriends } from './friendships.ts';

// Messages (issue 47; docs/api.md, "Messages"): what the routes, the legacy mail.getNewCount and
// the seed share. A conversation's members each have a row holding their folders, as in
// SocialEngine 4 (migration 016): a message puts the conversation in its sender's outbox and in
// every other member's inbox, unread — back from deleted, which is how a reply brings a deleted
// conversation back.

export const BODY_MAX = 5_000;
export const TITLE_MAX = 255;
export const RECIPIENTS_MAX = 10;
export const NO_SUBJECT = '(No subject)';

/** Who may start a conversation with a member (users.privacy_message). */
export const PRIVACY_MESSAGE = ['everyone', 'friends', 'none'] as const;

/** What a conversation can be about. */
export const MESSAGE_ITEM_TYPES = ['classified', 'event'] as const;
export type MessageItemType = (typeof MESSAGE_ITEM_TYPES)[number];

/** The message columns of its attachment, none when it has none. */
export type AttachmentColumns = Pick<
  Insertable<MessagesTable>,
  'attachment_type' | 'attachment_id' | 'link_uri' | 'link_title' | 'link_description' | 'link_thumb'
>;

/** Unread conversations in the member's inbox (message_count, mail.getNewCount). */
export async function unreadConversations(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('inbox_deleted', '=', 0)
    .where('inbox_read', '=', 0)
    .where('inbox_message_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Recipient {
  id: number;
  full_name: string;
  privacy_message: string;
}

/**
 * Why `me` may not start a conversation with `other` (a block, or their privacy_message), or
 * null when they may. Replies and an item's conversation ("Contact seller") pass the privacy
 * setting and ask blockRefusal only.
 */
export async function startRefusal(db: DB, me: number, other: Recipient): Promise<string | null> {
  const blocked = await blockRefusal(db, me, other);
  if (blocked) return blocked;
  if (other.privacy_message === 'none') return `${other.full_name} does not receive messages.`;
  if (other.privacy_message !== 'everyone' && !(await areFriends(db, me, other.id))) {
    return `${other.full_name} only receives messages from friends.`;
  }
  return null;
}

export interface NewConversation {
  creatorId: number;
  title: string;
  /** The other members. */
  memberIds: readonly number[];
  locked?: boolean;
  resource?: { type: string; id: number };
  item?: { type: MessageItemType; id: number };
  at: number;
}

/** A conversation with its members' rows (its first message comes with addMessage). */
export async function createConversation(db: DB, c: NewConversation): Promise<number> {
  const row = await db
    .insertInto('conversations')
    .values({
      title: c.title,
      creator_id: c.creatorId,
      created_at: c.at,
      updated_at: c.at,
      last_message_id: null,
      locked: c.locked ? 1 : 0,
      resource_type: c.resource?.type ?? null,
      resource_id: c.resource?.id ?? null,
      item_type: c.item?.type ?? null,
      item_id: c.item?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_members')
    .values(
      [c.creatorId, ...c.memberIds].map((userId) => ({
        conversation_id: row.id,
        user_id: userId,
        inbox_message_id: null,
        outbox_message_id: null,
      })),
    )
    .execute();
  return row.id;
}

export interface NewMessage {
  conversationId: number;
  senderId: number;
  /** Plain text as written. */
  text: string;
  attachment?: AttachmentColumns;
  at: number;
}

/** Adds a message: the conversation goes to the top of the sender's outbox and, unread, of every other member's inbox. */
export async function addMessage(db: DB, m: NewMessage): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({ conversation_id: m.conversationId, sender_id: m.senderId, body: m.text, created_at: m.at, ...m.attachment })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('conversations').set({ last_message_id: row.id, updated_at: m.at }).where('id', '=', m.conversationId).execute();
  await db
    .updateTable('conversation_members')
    .set({ inbox_message_id: row.id, inbox_updated: m.at, inbox_read: 0, inbox_deleted: 0 })
    .where('conversation_id', '=', m.conversationId)
    .where('user_id', '!=', m.senderId)
    .execute();
  await db
    .updateTable('conversation_members')
    .set({ outbox_message_id: row.id, outbox_updated: m.at, outbox_deleted: 0, inbox_read: 1 })
    .where('conversation_id', '=', m.conversationId)
    .where('user_id', '=', m.senderId)
    .execute();
  return row.id;
}

/**
 * Whether the photo or video was sent in a message of the conversation, and `userId` is one of its
 * members (GET /albums/photos/{id}?conversation_id=, GET /videos/{id}?conversation_id=).
 */
export async function sentInConversation(
  db: DB,
  { userId, conversationId, type, id }: { userId: number; conversationId: number; type: 'photo' | 'video'; id: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', (j) => j.onRef('m.conversation_id', '=', 'msg.conversation_id').on('m.user_id', '=', userId))
    .select('msg.id')
    .where('msg.conversation_id', '=', conversationId)
    .where('msg.attachment_type', '=', type)
    .where('msg.attachment_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
