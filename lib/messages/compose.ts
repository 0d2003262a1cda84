import { loadPage } from '../auth/page-session.ts';
import type { Session } from '../auth/session.ts';
import { URL_TEXT_MAX, type SearchParams } from '../list-query.ts';
import { parseId } from '../params.ts';
import { getListing } from '../social-api/classifieds.ts';
import { getEvent } from '../social-api/events.ts';
import { getGroup } from '../social-api/groups.ts';
import { listFriends, type Friend } from '../social-api/friends.ts';
import type { MessageItem } from '../social-api/messages.ts';
import { getMember, who, type Who } from '../social-api/users.ts';
import { MESSAGE_RECIPIENTS_MAX } from '../validations/limits.ts';
import { messagesAccess } from './available.ts';
import type { MessagesAccess } from './list.ts';
import type { NewMessageQuery } from './list-query.ts';

// /messages/new: to whom, or about what. `to` (member ids: "Message" on a profile, the friend
// picker), `item_type` and `item_id` ("Contact seller", "Message organiser": the owner is the
// recipient), `guests_of` (an organiser's "Message guests"), `members_of` (a group owner's "Message
// members"), `find` (a friend looked for). Each
// recipient is read with whether they may be written to (GET /users/{id}: `can_send_message` and
// its reason), so that the page says why before anything is typed.

export type Recipient = Who & { refusal: string };

/** Everyone of an event (its guests) or a group (its members) at once, from its owner; `refusal` says why not for anyone else. */
export interface Broadcast {
  of: 'event' | 'group';
  id: number;
  title: string;
  refusal: string;
}

export interface NewMessageProps {
  access: MessagesAccess;
  query: NewMessageQuery;
  /** Whether the friend picker shows (no recipient yet, or someone is looked for). */
  picking: boolean;
  recipients: Recipient[];
  /** The item it is about: its card, its owner (the recipient), and why not when it cannot be (one's own, closed). */
  about?: { item: MessageItem; owner: Who; refusal: string };
  /** A broadcast: the organiser's event whose guests it goes to, or the owner's group whose members it goes to. */
  broadcast?: Broadcast;
  /** Friends to choose from. */
  friends?: Friend[];
  /** The item, recipient or event asked for is not there (or not visible). */
  missing: boolean;
  viewerId: number;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The page's words as the URL says them (read leniently: what is not understood is left out). */
function newMessageQuery(params: SearchParams): NewMessageQuery & { picking: boolean } {
  const ids = (first(params.to) ?? '')
    .split(',')
    .map((raw) => parseId(raw.trim()))
    .filter((id): id is number => id !== undefined);
  const to = [...new Set(ids)].slice(0, MESSAGE_RECIPIENTS_MAX);
  const type = first(params.item_type);
  const itemId = parseId(first(params.item_id));
  const item: NewMessageQuery['item'] = (type === 'classified' || type === 'event') && itemId ? { type, id: itemId } : undefined;
  const guestsOf = parseId(first(params.guests_of));
  const membersOf = parseId(first(params.members_of));
  const find = first(params.find)?.trim().slice(0, URL_TEXT_MAX) || undefined;
  const target = item ? { item } : guestsOf ? { guestsOf } : membersOf ? { membersOf } : {};
  const elsewhere = Object.keys(target).length > 0;
  return {
    to: elsewhere ? [] : to,
    ...target,
    ...(find ? { find } : {}),
    picking: !elsewhere && (to.length === 0 || params.find !== undefined),
  };
}

async function aboutItem(s: Session, item: NonNullable<NewMessageQuery['item']>): Promise<NewMessageProps['about']> {
  if (item.type === 'classified') {
    const listing = await getListing(s.accessToken, item.id, s.userId, { visit: false });
    if (!listing) return undefined;
    const own = listing.seller.id === s.userId;
    return {
      item: {
        type: 'classified',
        id: listing.id,
        title: listing.title,
        image: listing.thumb || listing.photos[0]?.img || '',
        closed: listing.closed,
        price: listing.price,
        start: 0,
        timeZone: 'UTC',
      },
      owner: listing.seller,
      refusal: own
        ? 'This is your own listing: there is nobody to write to about it.'
        : listing.closed
          ? 'This listing is closed: its seller no longer takes messages about it.'
          : '',
    };
  }
  const event = await getEvent(s.accessToken, item.id);
  if (!event) return undefined;
  return {
    item: {
      type: 'event',
      id: event.id,
      title: event.title,
      image: event.thumb,
      closed: event.end < Date.now(),
      price: '',
      start: event.start,
      timeZone: event.timeZone,
    },
    owner: event.owner,
    refusal: event.owner.id === s.userId ? 'This is your own event: write to its guests instead.' : '',
  };
}

/** The event or group of a broadcast, and whether the reader may send it (its owner alone). */
async function broadcastOf(s: Session, query: NewMessageQuery): Promise<Broadcast | undefined> {
  if (query.guestsOf) {
    const e = await getEvent(s.accessToken, query.guestsOf);
    return (
      e && {
        of: 'event',
        id: e.id,
        title: e.title,
        refusal: e.owner.id === s.userId ? '' : "Only the event's organiser can write to its guests.",
      }
    );
  }
  if (query.membersOf) {
    const g = await getGroup(s.accessToken, query.membersOf, { visit: false });
    return (
      g && {
        of: 'group',
        id: g.id,
        title: g.title,
        refusal: g.can.messageMembers ? '' : "Only the group's owner can write to its members.",
      }
    );
  }
  return undefined;
}

/** The page of a new message: its recipients or item with what stands in the way, and friends to choose from. */
export async function loadNewMessage(searchParams: Promise<SearchParams>): Promise<NewMessageProps> {
  const { picking, ...query } = newMessageQuery(await searchParams);
  return loadPage(async (s) => {
    const [access, recipients, about, broadcast, friends] = await Promise.all([
      messagesAccess(s),
      Promise.all(
        query.to.map(async (id): Promise<Recipient | undefined> => {
          if (id === s.userId) return undefined;
          const m = await getMember(s.accessToken, id, { id: s.userId });
          return m && { ...who(m), refusal: m.messaging && !m.messaging.allowed ? m.messaging.refusal : '' };
        }),
      ),
      query.item ? aboutItem(s, query.item) : undefined,
      broadcastOf(s, query),
      picking ? listFriends(s.accessToken, { keywords: query.find, limit: 20 }) : undefined,
    ]);
    const found = recipients.filter((r): r is Recipient => r !== undefined);
    return {
      access,
      query,
      picking,
      recipients: found,
      ...(about ? { about } : {}),
      ...(broadcast ? { broadcast } : {}),
      ...(friends ? { friends } : {}),
      missing:
        (query.item !== undefined && !about) ||
        ((query.guestsOf ?? query.membersOf) !== undefined && !broadcast) ||
        found.length < query.to.length,
      viewerId: s.userId,
    };
  });
}
