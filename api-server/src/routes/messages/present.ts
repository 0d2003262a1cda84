import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { listPhotosByIds } from '../../data/albums.ts';
import { listListingStates } from '../../data/classifieds.ts';
import { listEventTimes } from '../../data/events.ts';
import { getMembership, type ConversationRow, type MessageRow } from '../../data/messages.ts';
import { notFound } from '../../errors.ts';
import { excerpt, formatDate } from '../../domain/format.ts';
import { canView, loadItems } from '../../domain/items.ts';
import { MESSAGE_ITEM_TYPES, type MessageItemType } from '../../domain/messages.ts';
import { getOwnerSummaries, missingOwner, ownerImgs, type OwnerSummary } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { bodyHtml } from '../../domain/text.ts';
import { formatPrice } from '../classifieds/present.ts';
import { imageUrl } from '../../storage/images.ts';
import { getVisibleGroup } from '../groups/access.ts';
import { videoCards, type VideoCard } from '../videos/present.ts';

// How conversations and messages are answered (docs/api.md, "Messages"). Bodies are stored as
// typed and answered as a post's `content` is: escaped, line breaks as <br />, addresses as links
// (domain/text.ts bodyHtml) — never any markup of the writer's.

/** A conversation's list entry (GET /messages/inbox, /outbox). */
export const LIST_FIELDS = ['id', 'title', 'body', 'participant', 'date', 'read', 'timestamp', 'item', 'locked'] as const;
/** A conversation's detail (GET /messages/{id}). */
export const DETAIL_FIELDS = [
  'id',
  'title',
  'recipients',
  'date',
  'read',
  'messages',
  'can_reply',
  'timestamp',
  'item',
  'locked',
  'maxid',
  'minid',
] as const;

const LIST_EXCERPT = 200;

/** The member's row in the conversation; 404 when they are not in it (nothing else is revealed). */
export async function membershipOf(db: DB, me: number, conversationId: number) {
  const row = await getMembership(db, me, conversationId);
  if (!row) throw notFound('The conversation was not found, or you are not in it.');
  return row;
}

export interface ItemCard {
  /** A message item's type, or `group`: the group a broadcast went to (the participant). */
  type: MessageItemType | 'group';
  id: number;
  title: string;
  thumb: string;
  is_closed: boolean;
  /** A listing's price as its detail gives it ('' for none). */
  price?: string;
  /** An event's start (epoch seconds) and its own zone. */
  start_at?: number;
  timezone?: string;
}

/** The cards of the items conversations are about, as the reader may see them (absent: gone or hidden). */
export async function itemCards(
  db: DB,
  config: Config,
  me: number,
  refs: ReadonlyArray<{ type: string | null; id: number | null }>,
): Promise<Map<string, ItemCard>> {
  const out = new Map<string, ItemCard>();
  const viewer = viewerOf(db, me);
  for (const type of MESSAGE_ITEM_TYPES) {
    const ids = refs.filter((r) => r.type === type && r.id !== null).map((r) => r.id!);
    if (ids.length === 0) continue;
    // What the card adds to the item: a listing's status and price, an event's time (ended: closed).
    const facts = new Map<number, Pick<ItemCard, 'is_closed' | 'price' | 'start_at' | 'timezone'>>(
      type === 'classified'
        ? (await listListingStates(db, ids)).map((r) => [r.id, { is_closed: r.is_closed === 1, price: formatPrice(r.price_cents) }])
        : (await listEventTimes(db, ids)).map((r) => [
            r.id,
            { is_closed: r.end_time < now(), start_at: r.start_time, timezone: r.timezone },
          ]),
    );
    for (const item of (await loadItems(db, config, type, ids)).values()) {
      if (!(await canView(viewer, item))) continue;
      out.set(`${type}:${item.id}`, { type, id: item.id, title: item.title, thumb: item.thumb, is_closed: false, ...facts.get(item.id) });
    }
  }
  // The groups whose members a broadcast went to (issue 48), as the reader may see them.
  for (const id of new Set(refs.filter((r) => r.type === 'group' && r.id !== null).map((r) => r.id!))) {
    const seen = await getVisibleGroup(db, me, id).catch(() => undefined);
    if (!seen) continue;
    const thumb = seen.group.image_key ? imageUrl(config.publicUrl, seen.group.image_key, '240') : '';
    out.set(`group:${id}`, { type: 'group', id, title: seen.group.title, thumb, is_closed: false });
  }
  return out;
}

export interface Participant {
  id?: number;
  type: string;
  title: string;
  imgs?: OwnerSummary['imgs'];
  img?: string;
  total?: number;
}

/** Who the reader is talking with: the other member, "N people", or the event of a broadcast. */
export function participantOf(
  config: Config,
  me: number,
  c: Pick<ConversationRow, 'resource_type' | 'resource_id'>,
  members: readonly number[],
  owners: Map<number, OwnerSummary>,
  cards: Map<string, ItemCard>,
): Participant {
  if (c.resource_type && c.resource_id !== null) {
    const card = cards.get(`${c.resource_type}:${c.resource_id}`);
    if (card) return { id: card.id, type: card.type, title: card.title, img: card.thumb };
  }
  const others = members.filter((id) => id !== me);
  if (others.length === 1) return owners.get(others[0]!) ?? missingOwner(config, others[0]!);
  return { type: 'users', title: `${others.length} people`, total: others.length, imgs: ownerImgs(config, null) };
}

export interface MessageAttachment {
  id: number;
  type: 'photo' | 'link' | 'video';
  title: string;
  description: string;
  img: string;
  src: string;
  width?: number;
  height?: number;
}

/** A video in a message: the origin's attachment (`src` what plays it, through the conversation) and the card's fields (videos/present.ts). */
type MessageVideo = MessageAttachment & Omit<VideoCard, 'type' | 'href'>;

export interface MessageView {
  id: number;
  from: OwnerSummary;
  date: string;
  timestamp: number;
  body: string;
  attachment: MessageAttachment | MessageVideo | null;
}

/** Messages as answered: the sender's summary, the escaped body, the attachment (a photo by its files, a link card). */
export async function presentMessages(db: DB, config: Config, rows: readonly MessageRow[]): Promise<MessageView[]> {
  const owners = await getOwnerSummaries(
    db,
    config,
    rows.map((m) => m.sender_id),
  );
  const photoIds = rows.filter((m) => m.attachment_type === 'photo' && m.attachment_id !== null).map((m) => m.attachment_id!);
  const photos = new Map(photoIds.length ? (await listPhotosByIds(db, [...new Set(photoIds)])).map((p) => [p.id, p]) : []);
  // Videos by conversation: each is seen, and played, through the conversation it was sent in.
  const videos = new Map<string, VideoCard>();
  const videoMessages = rows.filter((m) => m.attachment_type === 'video' && m.attachment_id !== null);
  for (const conversationId of new Set(videoMessages.map((m) => m.conversation_id))) {
    const ids = videoMessages.filter((m) => m.conversation_id === conversationId).map((m) => m.attachment_id!);
    for (const [id, card] of await videoCards(db, config, ids, { conversationId })) videos.set(`${conversationId}:${id}`, card);
  }
  return rows.map((m) => {
    let attachment: MessageAttachment | MessageVideo | null = null;
    const video = m.attachment_type === 'video' ? videos.get(`${m.conversation_id}:${m.attachment_id}`) : undefined;
    const photo = m.attachment_type === 'photo' && m.attachment_id !== null ? photos.get(m.attachment_id) : undefined;
    if (video) {
      const { href: _page, ...card } = video;
      attachment = { ...card, src: video.video_src };
    } else if (photo) {
      attachment = {
        id: photo.id,
        type: 'photo',
        title: photo.title,
        description: photo.description,
        img: imageUrl(config.publicUrl, photo.image_key, '500'),
        src: imageUrl(config.publicUrl, photo.image_key, 'original'),
        width: photo.width,
        height: photo.height,
      };
    } else if (m.attachment_type === 'link' && m.link_uri) {
      attachment = {
        id: 0,
        type: 'link',
        title: m.link_title || m.link_uri,
        description: m.link_description ?? '',
        img: m.link_thumb ?? '',
        src: m.link_uri,
      };
    }
    return {
      id: m.id,
      from: owners.get(m.sender_id) ?? missingOwner(config, m.sender_id),
      date: formatDate(m.created_at),
      timestamp: m.created_at,
      body: bodyHtml(m.body),
      attachment,
    };
  });
}

/** A message's text as a one-line excerpt, escaped (a list's `body`). */
export const excerptHtml = (text: string): string => bodyHtml(excerpt(text.replace(/\s+/g, ' '), LIST_EXCERPT));
