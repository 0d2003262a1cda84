import type { Selectable } from 'kysely';
import type { DB } from '../db/index.ts';
import { containsText } from '../db/text.ts';
import type { ConversationsTable, MessagesTable } from '../db/types.ts';

// Conversations as the messages routes read and write them (tables `conversations`,
// `conversation_members`: each member's inbox and outbox folders, `messages`), and the member
// rows a send reads. Starting a conversation, adding a message and who may message whom stay in
// domain/messages.ts.

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** The conversation with the member's row in it (read, cleared); undefined when they are not in it. */
export function getMembership(db: DB, me: number, conversationId: number) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('c')
    .select(['m.inbox_read', 'm.cleared_message_id'])
    .where('m.conversation_id', '=', conversationId)
    .where('m.user_id', '=', me)
    .executeTakeFirst();
}

/** The members of each conversation, in the order they joined it. */
export async function membersOf(db: DB, ids: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id'])
    .where('conversation_id', 'in', [...new Set(ids)])
    .orderBy('user_id')
    .execute();
  for (const r of rows) out.set(r.conversation_id, [...(out.get(r.conversation_id) ?? []), r.user_id]);
  return out;
}

/**
 * A page of the member's folder, the conversation updated last first: each with the member's
 * read flag, when the folder last changed and the text of its latest message there; optionally
 * only those about one item.
 */
export function listFolder(
  db: DB,
  {
    me,
    folder,
    item,
    limit,
    offset,
  }: { me: number; folder: 'inbox' | 'outbox'; item?: { type: string; id: number }; limit: number; offset: number },
) {
  const box = folder;
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('messages as msg', 'msg.id', `m.${box}_message_id`)
    .selectAll('c')
    .select(['m.inbox_read', `m.${box}_updated as folder_updated`, 'msg.body as latest'])
    .where('m.user_id', '=', me)
    .where(`m.${box}_deleted`, '=', 0);
  if (item) {
    query = query.where('c.item_type', '=', item.type).where('c.item_id', '=', item.id);
  }
  return query.orderBy('folder_updated', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute();
}

/** A page of the member's messages that contain `keywords`, newest first, with their conversation's title. */
export function searchMessages(db: DB, { me, keywords, limit, offset }: { me: number; keywords: string; limit: number; offset: number }) {
  // Only the reader's conversations, and none of the messages they deleted (cleared_message_id).
  return db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', (j) => j.onRef('m.conversation_id', '=', 'msg.conversation_id').on('m.user_id', '=', me))
    .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
    .selectAll('msg')
    .select('c.title')
    .whereRef('msg.id', '>', 'm.cleared_message_id')
    .where(containsText('msg.body', keywords))
    .orderBy('msg.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export interface MessagePage {
  /** Oldest first. */
  rows: MessageRow[];
  /** Whether messages older than the page remain. */
  older: boolean;
}

/**
 * A page of a conversation's messages the member has not deleted (ids above `clearedId`): the
 * newest (before `maxid` when given), or those after `minid`; at most `limit`.
 */
export async function pageMessages(
  db: DB,
  {
    conversationId,
    clearedId,
    limit,
    maxid,
    minid,
  }: { conversationId: number; clearedId: number; limit: number; maxid?: number; minid?: number },
): Promise<MessagePage> {
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).where('id', '>', clearedId);
  // One more than asked says whether more lie beyond.
  let rows;
  let more: boolean;
  if (minid !== undefined) {
    rows = await query
      .where('id', '>', minid)
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    more = rows.length > limit;
    rows = rows.slice(0, limit);
  } else {
    if (maxid !== undefined) query = query.where('id', '<', maxid);
    rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    more = rows.length > limit;
    rows = rows.slice(0, limit).reverse();
  }
  const first = rows[0]?.id;
  const older =
    minid === undefined
      ? more
      : first !== undefined && (await query.where('id', '<', first).select('id').limit(1).executeTakeFirst()) !== undefined;
  return { rows, older };
}

export async function markConversationRead(db: DB, conversationId: number, userId: number): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ inbox_read: 1 })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The sender's row: their name and how old their account is (the limits). */
export function getSender(db: DB, me: number) {
  return db.selectFrom('users').select(['id', 'joined']).where('id', '=', me).executeTakeFirstOrThrow();
}

/** A member a conversation is with, by id and name (one known to exist). */
export function getCorrespondent(db: DB, id: number) {
  return db.selectFrom('users').select(['id', 'full_name']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The members of `ids` that exist, with what their privacy_message lets others do. */
export function listRecipients(db: DB, ids: number[]) {
  return db.selectFrom('users').select(['id', 'full_name', 'privacy_message']).where('id', 'in', ids).execute();
}

/**
 * The first open conversation `creatorId` started about an item with `ownerId` in it; undefined
 * when none (a second one about the same item goes on in the first).
 */
export function findItemConversation(
  db: DB,
  { creatorId, ownerId, itemType, itemId }: { creatorId: number; ownerId: number; itemType: string; itemId: number },
) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as m', (j) => j.onRef('m.conversation_id', '=', 'c.id').on('m.user_id', '=', ownerId))
    .select('c.id')
    .where('c.item_type', '=', itemType)
    .where('c.item_id', '=', itemId)
    .where('c.creator_id', '=', creatorId)
    .where('c.locked', '=', 0)
    .orderBy('c.id')
    .executeTakeFirst();
}

/** Of `ids`, the conversations `me` is in, with their latest message. */
export function listOwnConversations(db: DB, me: number, ids: number[]) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.last_message_id'])
    .where('m.user_id', '=', me)
    .where('m.conversation_id', 'in', ids)
    .execute();
}

/**
 * Takes a conversation out of the member's folders, read, its messages up to `lastMessageId`
 * hidden from them (if a reply brings it back, what they deleted stays hidden).
 */
export async function clearConversationFor(
  db: DB,
  { conversationId, userId, lastMessageId }: { conversationId: number; userId: number; lastMessageId: number },
) {
  await db
    .updateTable('conversation_members')
    .set({ inbox_deleted: 1, outbox_deleted: 1, inbox_read: 1, cleared_message_id: lastMessageId })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** What a member's inbox holds about one of their items: its conversations and how many are unread. */
export interface ItemConversationCount {
  item_id: number;
  total: number;
  unread: number;
}

/**
 * For the owner of listings or events: the conversations about each of their items (of
 * `itemIds`, or every one that has some) in their inbox, and how many of them are unread. Items
 * that are not `me`'s count nothing, whoever wrote about them.
 */
export async function countItemConversations(
  db: DB,
  { me, itemType, itemIds }: { me: number; itemType: 'classified' | 'event'; itemIds?: readonly number[] },
): Promise<ItemConversationCount[]> {
  if (itemIds?.length === 0) return [];
  const owned =
    itemType === 'classified'
      ? db.selectFrom('classifieds').select('id').where('owner_id', '=', me)
      : db.selectFrom('events').select('id').where('owner_id', '=', me);
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => [
      'c.item_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('m.inbox_read', '=', 0).then(1).else(0).end()).as('unread'),
    ])
    .where('m.user_id', '=', me)
    .where('m.inbox_deleted', '=', 0)
    .where('c.item_type', '=', itemType)
    .where('c.item_id', 'in', owned);
  if (itemIds) query = query.where('c.item_id', 'in', [...itemIds]);
  const rows = await query.groupBy('c.item_id').orderBy('c.item_id', 'desc').execute();
  return rows.map((r) => ({ item_id: Number(r.item_id), total: Number(r.total), unread: Number(r.unread ?? 0) }));
}
