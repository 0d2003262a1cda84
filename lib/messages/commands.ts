import * as z from 'zod/mini';
import type { ActionResult } from '@/lib/action-result';
import { failure, invalid, invalidFields } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import {
  deleteConversations,
  getConversation,
  replyToConversation,
  sendMessage,
  type Message,
  type NewMessage,
  type SentAttachment,
} from '@/lib/social-api/messages';
import { editPhoto } from '@/lib/social-api/albums';
import { describeVideo, getMessageVideo, type PostedVideo } from '@/lib/social-api/videos';
import { MESSAGE_PRIVACY, blockMember, setMessagePrivacy, unblockMember, type MessagePrivacy } from '@/lib/social-api/privacy';
import { idSchema } from '@/lib/validations/ids';
import { messageNewSchema, messageOlderSchema, messageReplySchema } from '@/lib/validations/message';
import { refusalOf } from './words.ts';

// The messages' work, given an access token: each command checks its input with the schema of
// lib/validations/message.ts (nothing reaches the API otherwise) and answers what the interface
// shows — a refusal in the API's own words (who may not be written to and why, a limit and when
// it lifts: ./words.ts). components/messages/actions.ts runs them for the signed-in person; the
// tests run them against the real API.

/** What the page has after a write or a read of newer messages: those it did not have, and the cursor past them. */
export interface Newer {
  messages: Message[];
  /** The poll's cursor now (minid). */
  newest: number | null;
}

/** How many pages of newer messages one read goes through (a burst larger than that waits for the next poll). */
const NEWER_PAGES = 3;
const NEWER_PAGE = 50;

/**
 * The messages after `since` (exclusive), oldest first, and the cursor past them; undefined when
 * the conversation is no longer the reader's. Pages through a burst with the API's own cursor,
 * so that nothing is skipped or repeated.
 */
export async function readNewer(
  token: string,
  conversationId: number,
  since: number,
): Promise<(Newer & { canReply: boolean }) | undefined> {
  const messages: Message[] = [];
  let cursor = since;
  let canReply = true;
  for (let round = 0; round < NEWER_PAGES; round += 1) {
    const c = await getConversation(token, conversationId, { minid: cursor || undefined, limit: NEWER_PAGE });
    if (!c) return round === 0 ? undefined : { messages, newest: cursor || null, canReply };
    canReply = c.canReply;
    // Without a cursor (a conversation the page saw empty) the API answers the newest page: all of it is new.
    messages.push(...c.messages.filter((m) => m.id > cursor));
    const next = c.newest ?? cursor;
    if (c.messages.length < NEWER_PAGE || next === cursor) return { messages, newest: next || null, canReply };
    cursor = next;
  }
  return { messages, newest: cursor || null, canReply };
}

type Described = { id: number; description: string } | undefined;

/**
 * What is sent with the text: its description goes onto it first, as a post's does
 * (components/feed/actions.ts), so that the conversation shows it as the photo's alt, or the
 * video's text alternative, from its first render.
 */
async function describe(token: string, { photo, video }: { photo?: Described; video?: Described }): Promise<SentAttachment | undefined> {
  if (photo) {
    if (photo.description) await editPhoto(token, photo.id, { caption: photo.description });
    return { type: 'photo', id: photo.id };
  }
  if (video) {
    if (video.description) await describeVideo(token, video.id, video.description);
    return { type: 'video', id: video.id };
  }
  return undefined;
}

/** An API refusal in words: a 403 or 429 says why (and when); a 400 names what was wrong. */
function refusal(e: unknown): ActionResult<never> {
  if (isApiError(e) && (e.status === 403 || e.status === 429 || e.status === 400)) return { ok: false, message: refusalOf(e) };
  if (isApiError(e, 404)) return { ok: false, message: 'This conversation is no longer yours: it was deleted, or you left it.' };
  return failure(e);
}

/** Writes in a conversation; answers the messages since `since` (the new one among them), for the page to show at once. */
export async function replyCommand(token: string, input: unknown): Promise<ActionResult<Newer>> {
  const parsed = messageReplySchema.safeParse(input);
  if (!parsed.success) return invalidFields(parsed.error, parsed.error.issues[0]?.message ?? 'Write a message first.');
  const { conversationId, body, since } = parsed.data;
  try {
    await replyToConversation(token, conversationId, body, await describe(token, parsed.data));
  } catch (e) {
    return refusal(e);
  }
  // Sent: reading it back is a courtesy (the poll would bring it); a failure here is no failure of the send.
  const newer = since === undefined ? undefined : await readNewer(token, conversationId, since).catch(() => undefined);
  return { ok: true, message: 'Sent.', data: { messages: newer?.messages ?? [], newest: newer?.newest ?? since ?? null } };
}

/** Starts a conversation (to members, about an item, an event's guests or a group's members); answers its id. */
export async function startCommand(token: string, input: unknown): Promise<ActionResult<{ id: number }>> {
  const parsed = messageNewSchema.safeParse(input);
  if (!parsed.success) return invalidFields(parsed.error, parsed.error.issues[0]?.message ?? 'Check the message.');
  const { to, item, guestsOf, membersOf, title, body } = parsed.data;
  const message: NewMessage = to
    ? { to, title, body }
    : item
      ? { item, title, body }
      : guestsOf
        ? { guestsOf, title, body }
        : { membersOf: membersOf!, title, body };
  try {
    const sent = await sendMessage(token, { ...message, attachment: await describe(token, parsed.data) });
    return { ok: true, message: 'Sent.', data: { id: sent.id } };
  } catch (e) {
    if (isApiError(e, 404)) return { ok: false, message: 'That is no longer there, or you may not see it.' };
    // Nobody to write to: the API names `to` (the event or group) with a fragment of a sentence,
    // which says when blocks between the owner and each of them are why.
    if ((guestsOf !== undefined || membersOf !== undefined) && isApiError(e, 400) && e.fieldErrors.to) {
      const [what, whom] = guestsOf !== undefined ? ['event', 'guests'] : ['group', 'members'];
      return {
        ok: false,
        message: /\bblock/i.test(e.fieldErrors.to)
          ? `You cannot write to this ${what}'s ${whom}: you blocked each of them, or they blocked you. Nothing was sent.`
          : `This ${what} has no ${whom} to write to yet: invite some first.`,
      };
    }
    return refusal(e);
  }
}

/** Older messages of a conversation than `before` (its "Load older"), and the cursor for the ones before them. */
export async function olderCommand(token: string, input: unknown): Promise<ActionResult<{ messages: Message[]; older: number | null }>> {
  const parsed = messageOlderSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const c = await getConversation(token, parsed.data.conversationId, { maxid: parsed.data.before });
  if (!c) return { ok: false, message: 'This conversation is no longer yours: it was deleted, or you left it.' };
  return { ok: true, message: '', data: { messages: c.messages, older: c.older } };
}

/**
 * A video sent in the conversation, as its card shows it now (while it converts, the card asks);
 * `gone` when the video or the conversation is no longer there for the reader.
 */
export async function messageVideoCommand(token: string, input: unknown): Promise<ActionResult<PostedVideo | 'gone'>> {
  const parsed = z.object({ conversationId: idSchema, videoId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  const video = await getMessageVideo(token, parsed.data.videoId, parsed.data.conversationId);
  return { ok: true, message: '', data: video ?? 'gone' };
}

/** Takes a conversation out of the reader's folders. */
export async function deleteCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ conversationId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const said = await deleteConversations(token, [parsed.data.conversationId]);
    return { ok: true, message: said || 'The conversation was deleted.', data: undefined };
  } catch (e) {
    if (isApiError(e, 404)) return { ok: true, message: 'The conversation was deleted.', data: undefined };
    return failure(e);
  }
}

/** Blocks a member, or lifts a block. */
export async function blockCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ userId: idSchema, block: z.boolean() }).safeParse(input);
  if (!parsed.success) return invalid();
  const { userId, block } = parsed.data;
  try {
    const said = block ? await blockMember(token, userId) : await unblockMember(token, userId);
    return { ok: true, message: said || (block ? 'Blocked.' : 'No longer blocked.'), data: undefined };
  } catch (e) {
    // Unblocking someone no longer blocked (in another tab): already done.
    if (!block && isApiError(e, 400)) return { ok: true, message: 'No longer blocked.', data: undefined };
    return failure(e);
  }
}

/** Sets who may start a conversation with the reader. */
export async function privacyCommand(token: string, input: unknown): Promise<ActionResult<{ privacy: MessagePrivacy }>> {
  const parsed = z.object({ privacy: z.enum(MESSAGE_PRIVACY) }).safeParse(input);
  if (!parsed.success) return invalid('Choose who may write to you.');
  try {
    const said = await setMessagePrivacy(token, parsed.data.privacy);
    return { ok: true, message: said || 'Saved.', data: { privacy: parsed.data.privacy } };
  } catch (e) {
    return failure(e);
  }
}
