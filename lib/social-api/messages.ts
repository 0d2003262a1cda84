import { z } from 'zod';
import { pictureSizeOf, type PictureSize } from '../images/picture-size.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { flag, id, lenientArray, num, str } from './primitives.ts';
import { plainExcerpt, sanitizeContent } from './sanitize.ts';
import { messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';
import { reshapePostedVideo, type PostedVideo } from './videos.ts';

// Private conversations (the origin's module, scope `messages`: docs/api.md, "Extensions":
// Messages). The spec names the scope and shows none of its operations; a server without them
// answers its lists as a missing extension (isMissingExtension), and every reader here says so
// with `undefined` rather than failing.

export type MessageFolder = 'inbox' | 'outbox';
export const MESSAGE_ITEM_TYPES = ['classified', 'event'] as const;
export type MessageItemType = (typeof MESSAGE_ITEM_TYPES)[number];

/** What a conversation is about ("Contact seller", "Message organiser"): the card above it. */
export interface MessageItem {
  type: MessageItemType;
  id: number;
  title: string;
  /** A thumbnail ('' for none). */
  image: string;
  /** A closed listing, an event that has ended. */
  closed: boolean;
  /** A listing's price as the API formats it ('' for none or from a server that does not say). */
  price: string;
  /** An event's start (epoch ms, 0 when the server does not say) and its own zone. */
  start: number;
  timeZone: string;
}

/** Who the reader talks with: the other member, several people, or (a broadcast) an event's guests or a group's members. */
export type Participant =
  { kind: 'member'; who: Who } | { kind: 'people'; count: number } | { kind: 'event' | 'group'; id: number; title: string; image: string };

/** A conversation in the inbox or the sent folder. */
export interface ConversationSummary {
  id: number;
  title: string;
  /** Plain text: the latest message of the folder, cut short. */
  excerpt: string;
  participant: Participant;
  /** The folder's latest message, epoch ms. */
  at: number;
  read: boolean;
  item?: MessageItem;
  /** A broadcast: nobody may answer it. */
  locked: boolean;
}

export type MessageAttachment =
  | { kind: 'photo'; id: number; src: string; full: string; alt: string; size?: PictureSize }
  | { kind: 'link'; url: string; title: string; description: string; thumbnail: string }
  /** Played through the conversation (its `conversationId`). */
  | { kind: 'video'; video: PostedVideo & { conversationId: number } };

export interface Message {
  id: number;
  from: Who;
  /** Epoch ms. */
  at: number;
  /** Sanitized HTML (the API escapes the text and links addresses): ready for dangerouslySetInnerHTML. */
  html: string;
  attachment?: MessageAttachment;
}

/** One conversation, a window of its messages (oldest first), and the cursors either side of it. */
export interface Conversation {
  id: number;
  title: string;
  /** Every member, the reader too. */
  members: Who[];
  messages: Message[];
  canReply: boolean;
  locked: boolean;
  item?: MessageItem;
  /** Pass as `maxid` for older messages; null when there are none. */
  older: number | null;
  /** Pass as `minid` for newer messages (the poll's cursor); null for a conversation without any. */
  newest: number | null;
}

/** A message found by the search. */
export interface FoundMessage {
  id: number;
  conversation: { id: number; title: string };
  from: Who;
  at: number;
  /** Plain text, cut short. */
  excerpt: string;
}

// ---- the API's shapes ----

const epochOf = (timestamp: number, date: string) => {
  if (timestamp > 0) return timestamp * 1000;
  const parsed = Date.parse(`${date.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed) ? 0 : parsed;
};

const itemSchema = z
  .looseObject({
    type: z.enum(MESSAGE_ITEM_TYPES),
    id,
    title: str,
    thumb: str,
    is_closed: flag,
    price: str,
    start_at: num,
    timezone: str,
  })
  .nullable()
  .optional()
  .catch(undefined);
type ApiItem = z.infer<typeof itemSchema>;

const participantSchema = z.looseObject({ id: num, type: str, title: str, total: num, img: str }).catch({
  id: 0,
  type: 'users',
  title: '',
  total: 0,
  img: '',
});

const summarySchema = z.looseObject({
  id,
  title: str,
  body: str,
  participant: z.unknown(),
  date: str,
  timestamp: num,
  read: flag,
  item: itemSchema,
  locked: flag,
});

const attachmentSchema = z
  .looseObject({
    id: num,
    type: str,
    title: str,
    description: str,
    img: str,
    src: str,
    width: num,
    height: num,
  })
  .nullable()
  .optional()
  .catch(null);

const messageRowSchema = z.looseObject({
  id,
  from: ownerSchema,
  date: str,
  timestamp: num,
  body: str,
  attachment: attachmentSchema,
});

const detailSchema = z.looseObject({
  id,
  title: str,
  recipients: lenientArray(ownerSchema),
  messages: lenientArray(messageRowSchema),
  can_reply: flag,
  locked: flag,
  item: itemSchema,
  maxid: z.number().int().positive().nullable().optional().catch(null),
  minid: z.number().int().positive().nullable().optional().catch(null),
});

const foundSchema = z.looseObject({
  id,
  body: str,
  date: str,
  timestamp: num,
  from: ownerSchema,
  conversation: z.looseObject({ id, title: str }),
});

const sentSchema = z.looseObject({ message: str, id });

// ---- reshaping ----

function reshapeItem(i: ApiItem): MessageItem | undefined {
  if (!i) return undefined;
  return {
    type: i.type,
    id: i.id,
    title: i.title.trim() || (i.type === 'classified' ? 'A listing' : 'An event'),
    image: safeImageUrl(i.thumb),
    closed: i.is_closed,
    price: i.price,
    start: i.start_at * 1000,
    timeZone: i.timezone || 'UTC',
  };
}

function reshapeParticipant(raw: unknown): Participant {
  const owner = ownerSchema.safeParse(raw);
  const p = participantSchema.parse(raw);
  if (p.type === 'event' || p.type === 'group') {
    return { kind: p.type, id: p.id, title: p.title.trim() || (p.type === 'event' ? 'An event' : 'A group'), image: safeImageUrl(p.img) };
  }
  if (p.type === 'users' || !owner.success) return { kind: 'people', count: p.total };
  return { kind: 'member', who: who(reshapePerson(owner.data)) };
}

function reshapeAttachment(a: z.infer<typeof attachmentSchema>, conversationId: number): MessageAttachment | undefined {
  if (!a) return undefined;
  if (a.type === 'video') {
    const video = reshapePostedVideo(a, a);
    return video ? { kind: 'video', video: { ...video, conversationId } } : undefined;
  }
  if (a.type === 'photo') {
    const src = safeImageUrl(a.img);
    if (!src) return undefined;
    const size = pictureSizeOf(a.width, a.height);
    return { kind: 'photo', id: a.id, src, full: safeImageUrl(a.src) || src, alt: a.description, ...(size ? { size } : {}) };
  }
  if (a.type === 'link') {
    const url = safeImageUrl(a.src);
    if (!url) return undefined;
    return { kind: 'link', url, title: a.title.trim() || url, description: a.description, thumbnail: safeImageUrl(a.img) };
  }
  return undefined;
}

function reshapeMessage(m: z.infer<typeof messageRowSchema>, conversationId: number): Message {
  const attachment = reshapeAttachment(m.attachment, conversationId);
  return {
    id: m.id,
    from: who(reshapePerson(m.from)),
    at: epochOf(m.timestamp, m.date),
    html: sanitizeContent(m.body),
    ...(attachment ? { attachment } : {}),
  };
}

const TITLE_FALLBACK = '(No subject)';

// ---- reads ----

export interface ConversationListQuery {
  page?: number;
  limit?: number;
  /** Only the conversations about this item (a seller's about one listing). */
  item?: { type: MessageItemType; id: number };
}

/** The reader's conversations in a folder, newest first; undefined from a server without messages. */
export async function listConversations(
  token: string,
  folder: MessageFolder,
  q: ConversationListQuery = {},
): Promise<ConversationSummary[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), `/messages/${folder}`, {
      token,
      query: { page: q.page ?? 1, limit: q.limit ?? 20, item_type: q.item?.type, item_id: q.item?.id },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return lenientArray(summarySchema)
    .parse(data)
    .map((c) => {
      const item = reshapeItem(c.item);
      return {
        id: c.id,
        title: c.title.trim() || TITLE_FALLBACK,
        excerpt: plainExcerpt(c.body, 140),
        participant: reshapeParticipant(c.participant),
        at: epochOf(c.timestamp, c.date),
        read: c.read,
        ...(item ? { item } : {}),
        locked: c.locked,
      };
    });
}

export interface ConversationWindow {
  /** Older messages than this id (a "Load older" page). */
  maxid?: number;
  /** Newer messages than this id (the poll), oldest first. */
  minid?: number;
  /** How many messages (the API's default: 20). */
  limit?: number;
}

/**
 * A conversation with a window of its messages; undefined when it is not the reader's (deleted,
 * never theirs: the API answers 404 and reveals nothing) or the server has no messages. Reading it
 * marks it read.
 */
export async function getConversation(
  token: string,
  conversationId: number,
  w: ConversationWindow = {},
): Promise<Conversation | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), `/messages/${conversationId}`, {
      token,
      query: { maxid: w.maxid, minid: w.minid, message_limit: w.limit },
    });
  } catch (e) {
    if (isApiError(e, 404) || isMissingExtension(e)) return undefined;
    throw e;
  }
  const c = detailSchema.parse(data);
  const item = reshapeItem(c.item);
  return {
    id: c.id,
    title: c.title.trim() || TITLE_FALLBACK,
    members: c.recipients.map((r) => who(reshapePerson(r))),
    messages: c.messages.map((m) => reshapeMessage(m, c.id)),
    canReply: c.can_reply,
    locked: c.locked,
    ...(item ? { item } : {}),
    older: c.maxid ?? null,
    newest: c.minid ?? (w.minid || null),
  };
}

/** The reader's messages whose text holds `keywords`, newest first; undefined from a server without messages. */
export async function searchMessages(
  token: string,
  keywords: string,
  paging: { page?: number; limit?: number } = {},
): Promise<FoundMessage[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/messages/search', {
      token,
      query: { keywords, page: paging.page ?? 1, limit: paging.limit ?? 20 },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return lenientArray(foundSchema)
    .parse(data)
    .map((m) => ({
      id: m.id,
      conversation: { id: m.conversation.id, title: m.conversation.title.trim() || TITLE_FALLBACK },
      from: who(reshapePerson(m.from)),
      at: epochOf(m.timestamp, m.date),
      excerpt: plainExcerpt(m.body, 160),
    }));
}

// ---- writes ----

/** A new conversation: to members, about an item (its owner is the recipient), or (multi) to an event's guests or a group's members. */
export type NewMessage = (
  | { to: number[]; title?: string; body: string }
  | { item: { type: MessageItemType; id: number }; title?: string; body: string }
  | { guestsOf: number; title?: string; body: string }
  | { membersOf: number; title?: string; body: string }
) & { attachment?: SentAttachment };

/**
 * A photo or a video sent with the text: one of the sender's from POST /albums/compose_upload
 * type=message or POST /videos/compose_upload c_type=message.
 */
export type SentAttachment = { type: 'photo' | 'video'; id: number };

/** The API's attachment fields of what is sent with the text. */
const attachmentFields = (a: SentAttachment | undefined) =>
  a === undefined ? {} : { 'attachment[type]': a.type, [`attachment[${a.type}_id]`]: a.id };

/** Sends a new message (POST /messages); answers the conversation's id (an item's second one goes on in its first). */
export async function sendMessage(token: string, m: NewMessage): Promise<{ id: number; message: string }> {
  const form: Record<string, string | number | undefined> = {
    title: m.title?.trim() || undefined,
    body: m.body,
    ...attachmentFields(m.attachment),
  };
  if ('to' in m) form.to = m.to.join(',');
  else if ('item' in m) Object.assign(form, { item_type: m.item.type, item_id: m.item.id });
  else if ('guestsOf' in m) Object.assign(form, { multi: 'event', to: m.guestsOf });
  else Object.assign(form, { multi: 'group', to: m.membersOf });
  const data = sentSchema.parse(await apiFetch(apiConfig(), '/messages', { token, form }));
  return { id: data.id, message: data.message };
}

/** Writes in a conversation (POST /messages/{id}/reply); answers the new message's id. */
export async function replyToConversation(
  token: string,
  conversationId: number,
  body: string,
  attachment?: SentAttachment,
): Promise<{ id: number; message: string }> {
  const form = { body, ...attachmentFields(attachment) };
  const data = sentSchema.parse(await apiFetch(apiConfig(), `/messages/${conversationId}/reply`, { token, form }));
  return { id: data.id, message: data.message };
}

/** Takes conversations out of the reader's folders (the others keep them); answers the API's words. */
export async function deleteConversations(token: string, ids: readonly number[]): Promise<string> {
  const data = await apiFetch(apiConfig(), '/messages', { token, method: 'DELETE', query: { ids: ids.join(',') } });
  return messageSchema.parse(data).message;
}
