import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { transact } from '../../db/dialect.ts';
import { invalidParam, missingParam, notFound, refusedParam } from '../../errors.ts';
import { linkCardOf, linkCardProperties } from '../../domain/link-card.ts';
import { blockRefusal, blockedAmong } from '../../domain/blocks.ts';
import { canView, loadItems } from '../../domain/items.ts';
import { checkAndCountSend } from '../../domain/message-limits.ts';
import {
  BODY_MAX,
  MESSAGE_ITEM_TYPES,
  NO_SUBJECT,
  RECIPIENTS_MAX,
  TITLE_MAX,
  addMessage,
  createConversation,
  startRefusal,
  type AttachmentColumns,
} from '../../domain/messages.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { membershipOf } from './present.ts';
import { isOwnMessagePhoto } from '../../data/albums.ts';
import { getListingClosed } from '../../data/classifieds.ts';
import { getEventRsvp, listEventMemberIdsWith } from '../../data/events.ts';
import { friendIdsAmong } from '../../data/friends.ts';
import { listGroupMemberIdsExcept } from '../../data/groups.ts';
import { getVisibleGroup } from '../groups/access.ts';
import { getVideo } from '../../data/videos.ts';
import {
  clearConversationFor,
  findItemConversation,
  getCorrespondent,
  getSender,
  listOwnConversations,
  listRecipients,
  membersOf,
} from '../../data/messages.ts';

// POST /messages, POST /messages/{id}/reply and DELETE /messages (origin paths; docs/api.md,
// "Messages"). Every send checks and writes in one transaction: the refusals (blocks, who may
// message whom, the limits) see the state they act on, on either database and any instance.

const attachmentProperties = {
  body: { type: 'string', maxLength: BODY_MAX },
  'attachment[type]': { type: 'string', enum: ['photo', 'link', 'video'] },
  'attachment[photo_id]': { type: 'integer', minimum: 1 },
  ...linkCardProperties,
  'attachment[video_id]': { type: 'integer', minimum: 1 },
} as const;

const composeSchema = {
  type: 'object',
  properties: {
    ...attachmentProperties,
    to: { type: 'string', maxLength: 1000 },
    title: { type: 'string', maxLength: TITLE_MAX },
    item_type: { type: 'string', enum: MESSAGE_ITEM_TYPES },
    item_id: { type: 'integer', minimum: 1 },
    multi: { type: 'string', enum: ['event', 'group'] },
  },
} as const;

const replySchema = { type: 'object', properties: attachmentProperties } as const;
type AttachmentBody = Infer<typeof replySchema>;
type ComposeBody = Infer<typeof composeSchema>;

const deleteQuery = {
  type: 'object',
  properties: { ids: { type: 'string', maxLength: 1000, pattern: '^\\s*\\d{1,16}(\\s*,\\s*\\d{1,16})*\\s*$' } },
  required: ['ids'],
} as const;

/** The event's guests a broadcast reaches: attending, maybe, or invited and not yet answering. */
const GUEST_RSVPS = ['attending', 'maybe_attending', 'awaiting_reply'];
const DELETE_MAX = 50;

/** A refusal that names `to`, so that a client can say why instead of failing silently. */
const refusedTo = (message: string) => refusedParam('to', message);

/** The text of a message: required, plain, at most BODY_MAX characters (the schema's bound). */
function textOf(b: AttachmentBody): string {
  const text = b.body ?? '';
  if (!text.trim()) throw missingParam('body');
  return text;
}

/** The attachment[...] fields as message columns; none without attachment[type]. */
async function attachmentOf(db: DB, me: number, b: AttachmentBody): Promise<AttachmentColumns | undefined> {
  const type = b['attachment[type]'];
  if (type === undefined) {
    const stray = Object.keys(b).find((k) => k.startsWith('attachment['));
    if (stray) throw missingParam('attachment[type]', `is required with ${stray}`);
    return undefined;
  }
  if (type === 'photo') {
    const id = b['attachment[photo_id]'];
    if (id === undefined) throw missingParam('attachment[photo_id]');
    // One's own photo of compose_upload type=message: never one of an album, which others may see otherwise.
    if (!(await isOwnMessagePhoto(db, { photoId: id, ownerId: me })))
      throw invalidParam('attachment[photo_id]', 'must be a photo you uploaded with POST /albums/compose_upload type=message');
    return { attachment_type: 'photo', attachment_id: id };
  }
  if (type === 'video') {
    const id = b['attachment[video_id]'];
    if (id === undefined) throw missingParam('attachment[video_id]');
    // One's own video: its owner lets the conversation's members see it, whatever its privacy.
    const video = await getVideo(db, id);
    if (!video || video.owner_id !== me) {
      throw invalidParam('attachment[video_id]', 'must be the id of a video you added (POST /videos/compose_upload c_type=message)');
    }
    if (video.status === 'conversion_failed') throw invalidParam('attachment[video_id]', 'is a video whose conversion failed');
    return { attachment_type: 'video', attachment_id: id };
  }
  return linkCardOf(b);
}

/** `to` as member ids (split on commas, dots and spaces, as the origin did), each once. */
function idsOf(to: string | undefined): number[] {
  const parts = (to ?? '').split(/[,. ]+/).filter(Boolean);
  if (parts.length === 0) throw missingParam('to');
  const bad = parts.find((p) => !/^[1-9]\d{0,15}$/.test(p) || !Number.isSafeInteger(Number(p)));
  if (bad !== undefined) throw invalidParam('to', `must be member ids separated by commas; "${bad.slice(0, 20)}" is not one`);
  return [...new Set(parts.map(Number))];
}

export default async function messageWriteRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** Who a broadcast goes to: an event's guests, or a group's members (issue 48), from its owner only. */
  async function audienceOf(trx: DB, me: number, multi: 'event' | 'group', id: number) {
    if (multi === 'group') {
      const { group } = await getVisibleGroup(trx, me, id);
      if (group.owner_id !== me) throw refusedTo("Only the group's owner can message its members.");
      const rows = await listGroupMemberIdsExcept(trx, { groupId: group.id, exceptUserId: me });
      return { title: group.title, resource: { type: 'group', id: group.id }, item: undefined, rows };
    }
    const [item] = (await loadItems(trx, app.config, 'event', [id])).values();
    if (!item || !(await canView(viewerOf(trx, me), item))) throw notFound('The event was not found or you may not see it.');
    if (item.ownerId !== me) throw refusedTo("Only the event's owner can message its guests.");
    const rows = await listEventMemberIdsWith(trx, { eventId: item.id, rsvps: GUEST_RSVPS, exceptUserId: me });
    return { title: item.title, resource: { type: 'event', id: item.id }, item: { type: 'event' as const, id: item.id }, rows };
  }

  /** An event's guests or a group's members messaged at once by its owner: a broadcast nobody may answer. */
  async function broadcast(trx: DB, me: number, b: ComposeBody, text: string, attachment: AttachmentColumns | undefined, at: number) {
    const multi = b.multi!;
    const ids = idsOf(b.to);
    if (ids.length !== 1) throw invalidParam('to', `must be the id of one ${multi} with multi=${multi}`);
    const { title, resource, item, rows } = await audienceOf(trx, me, multi, ids[0]!);
    const blocked = await blockedAmong(
      trx,
      me,
      rows.map((r) => r.user_id),
    );
    const guests = rows.map((r) => r.user_id).filter((id) => !blocked.has(id));
    if (guests.length === 0) {
      const what = multi === 'group' ? 'a group' : 'an event';
      const whom = multi === 'group' ? 'members' : 'guests';
      // Blocked members are left out of a broadcast; when they are all there is, the owner is told
      // why (as a message to one of them says it), not that there is nobody.
      throw invalidParam(
        'to',
        rows.length === 0
          ? `names ${what} with no ${whom} to message yet`
          : `names ${what} whose ${whom} you cannot message: you blocked each of them, or they blocked you`,
      );
    }
    const user = await getSender(trx, me);
    await checkAndCountSend(trx, { userId: me, joined: user.joined, text, opens: false, strangers: [], at });
    const id = await createConversation(trx, {
      creatorId: me,
      title: b.title?.trim() || title,
      memberIds: guests,
      locked: true,
      resource,
      item,
      at,
    });
    await addMessage(trx, { conversationId: id, senderId: me, text, attachment, at });
    return id;
  }

  /**
   * "Contact seller", "Message organiser": a conversation with the item's owner, whatever their
   * privacy_message says (blocks still stop it); the same buyer's second one about the same item
   * goes on in the first.
   */
  async function aboutItem(trx: DB, me: number, b: ComposeBody, text: string, attachment: AttachmentColumns | undefined, at: number) {
    const type = b.item_type!;
    const id = b.item_id;
    if (id === undefined) throw missingParam('item_id', 'is required with item_type');
    const [item] = (await loadItems(trx, app.config, type, [id])).values();
    const invited = type === 'event' && (await getEventRsvp(trx, id, me)) !== undefined;
    if (!item || !(invited || (await canView(viewerOf(trx, me), item)))) throw notFound();
    const noun = type === 'classified' ? 'listing' : 'event';
    if (item.ownerId === me) throw refusedTo(`This is your own ${noun}: there is nobody to write to about it.`);
    if (type === 'classified') {
      const listing = await getListingClosed(trx, id);
      if (listing.is_closed) throw refusedTo('This listing is closed: its seller no longer takes messages about it.');
    }
    if (b.to !== undefined && (idsOf(b.to).length !== 1 || idsOf(b.to)[0] !== item.ownerId)) {
      throw invalidParam('to', `must be the ${noun}'s owner (${item.ownerId}) with item_type, or left out`);
    }
    const owner = await getCorrespondent(trx, item.ownerId);
    const blocked = await blockRefusal(trx, me, owner);
    if (blocked) throw refusedTo(blocked);
    const user = await getSender(trx, me);
    const existing = await findItemConversation(trx, { creatorId: me, ownerId: owner.id, itemType: type, itemId: id });
    const friends = await friendIdsAmong(trx, me, [owner.id]);
    await checkAndCountSend(trx, {
      userId: me,
      joined: user.joined,
      text,
      opens: !existing,
      strangers: friends.size ? [] : [owner.id],
      at,
    });
    const conversationId =
      existing?.id ??
      (await createConversation(trx, {
        creatorId: me,
        title: b.title?.trim() || item.title,
        memberIds: [owner.id],
        item: { type, id },
        at,
      }));
    await addMessage(trx, { conversationId, senderId: me, text, attachment, at });
    return conversationId;
  }

  /** A new conversation with members, each of whom lets the sender write to them. */
  async function toMembers(trx: DB, me: number, b: ComposeBody, text: string, attachment: AttachmentColumns | undefined, at: number) {
    const ids = idsOf(b.to);
    if (ids.includes(me)) throw invalidParam('to', 'names you: write to other members');
    if (ids.length > RECIPIENTS_MAX) throw invalidParam('to', `names ${ids.length} members; a message goes to at most ${RECIPIENTS_MAX}`);
    const recipients = await listRecipients(trx, ids);
    const unknown = ids.filter((id) => !recipients.some((r) => r.id === id));
    if (unknown.length) throw invalidParam('to', `names no member: ${unknown.join(', ')}`);
    for (const r of recipients) {
      const refusal = await startRefusal(trx, me, r);
      if (refusal) throw refusedTo(refusal);
    }
    const friends = await friendIdsAmong(trx, me, ids);
    const user = await getSender(trx, me);
    await checkAndCountSend(trx, {
      userId: me,
      joined: user.joined,
      text,
      opens: true,
      strangers: ids.filter((id) => !friends.has(id)),
      at,
    });
    const id = await createConversation(trx, { creatorId: me, title: b.title?.trim() || NO_SUBJECT, memberIds: ids, at });
    await addMessage(trx, { conversationId: id, senderId: me, text, attachment, at });
    return id;
  }

  app.post<{ Body: ComposeBody }>(
    '/',
    { schema: { summary: "Start a conversation (with members, about an item, or to an event's guests)", body: composeSchema } },
    async (req) => {
      const me = userOf(req);
      const b = req.body ?? {};
      const text = textOf(b);
      if (b.multi !== undefined && b.item_type !== undefined)
        throw invalidParam('multi', 'send either multi (a broadcast) or item_type, not both');
      if (b.item_id !== undefined && b.item_type === undefined) throw missingParam('item_type', 'is required with item_id');
      const id = await transact(db, async (trx) => {
        const attachment = await attachmentOf(trx, me, b);
        const at = now();
        if (b.multi !== undefined) return broadcast(trx, me, b, text, attachment, at);
        if (b.item_type !== undefined) return aboutItem(trx, me, b, text, attachment, at);
        return toMembers(trx, me, b, text, attachment, at);
      });
      return { success: true, data: { message: 'Your message has been sent successfully.', id } };
    },
  );

  app.post<{ Params: IdParams; Body: AttachmentBody }>(
    '/:id/reply',
    { schema: { summary: 'Reply in a conversation', params: idParams, body: replySchema } },
    async (req) => {
      const me = userOf(req);
      const b = req.body ?? {};
      const text = textOf(b);
      const id = await transact(db, async (trx) => {
        const c = await membershipOf(trx, me, req.params.id);
        if (c.locked) throw refusedTo("Replies are turned off: this message went to an event's guests or a group's members at once.");
        const others = ((await membersOf(trx, [c.id])).get(c.id) ?? []).filter((u) => u !== me);
        if (others.length === 0) throw refusedTo('Nobody else is left in this conversation.');
        const blocked = [...(await blockedAmong(trx, me, others))];
        if (blocked.length) {
          const other = await getCorrespondent(trx, blocked[0]!);
          throw refusedTo((await blockRefusal(trx, me, other))!);
        }
        const attachment = await attachmentOf(trx, me, b);
        const at = now();
        const user = await getSender(trx, me);
        await checkAndCountSend(trx, { userId: me, joined: user.joined, text, opens: false, strangers: [], at });
        return addMessage(trx, { conversationId: c.id, senderId: me, text, attachment, at });
      });
      return { success: true, data: { message: 'Your reply was sent.', id } };
    },
  );

  app.delete<{ Querystring: Infer<typeof deleteQuery> }>(
    '/',
    {
      schema: {
        summary: "Take conversations out of the caller's folders",
        querystring: deleteQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const ids = [...new Set(req.query.ids.split(',').map((s) => Number(s.trim())))];
      if (ids.length > DELETE_MAX) throw invalidParam('ids', `names ${ids.length} conversations; delete at most ${DELETE_MAX} at once`);
      await transact(db, async (trx) => {
        const rows = await listOwnConversations(trx, me, ids);
        if (rows.length !== ids.length) throw notFound('A conversation was not found, or you are not in it; none was deleted.');
        // From the caller's folders only; what they deleted stays hidden from them if a reply brings it back.
        for (const r of rows) {
          await clearConversationFor(trx, { conversationId: r.id, userId: me, lastMessageId: r.last_message_id ?? 0 });
        }
      });
      return {
        success: true,
        data: { message: ids.length === 1 ? 'The conversation was deleted.' : `${ids.length} conversations were deleted.` },
      };
    },
  );
}
