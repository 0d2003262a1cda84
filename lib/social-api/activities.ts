import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { reshapeSocial, type Social } from './core.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { sanitizeContent } from './sanitize.ts';
import {
  activitySchema,
  createdSchema,
  feedPageSchema,
  messageSchema,
  ownerSchema,
  updatesSchema,
  type ApiActivity,
  type ApiAttachment,
} from './schemas.ts';
import { isItemType, type ItemRef } from './items.ts';
import { flag, id, lenientArray, num, parseAnswer, str } from './primitives.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';
import { RSVPS, type Rsvp } from './events.ts';
import { reshapePostedVideo, type PostedVideo } from './videos.ts';
import { SONG_STATUSES, songSourceOf, type SongSource, type SongStatus } from './music.ts';
import { imageSrc } from '../images/image-src.ts';
import { pictureSizeOf, type PictureSize } from '../images/picture-size.ts';

// Activities (spec: the activity feed, scope activities).

export type Attachment =
  | { kind: 'photo'; id: number; src: string; alt: string; description: string; size?: PictureSize }
  | { kind: 'link'; url: string; title: string; description: string; thumbnail: string }
  | { kind: 'item'; item: ItemRef; title: string; description: string; image: string }
  | { kind: 'video'; video: PostedVideo }
  /**
   * A song (attachment[type]=music): its duration in seconds (null when unknown), where it plays
   * from (null: not yet) and its conversion's state ('processed' from a server that does not say).
   */
  | { kind: 'song'; id: number; title: string; duration: number | null; source: SongSource; status: SongStatus };

export interface Activity {
  id: number;
  owner: Who;
  /** Written on this member's wall (not the author's own): "Bob → Alice". */
  wall?: Who;
  /** Posted on this group's wall (issue 48): "Alice → Hiking club". */
  group?: { id: number; name: string };
  /** Sanitized HTML (see sanitize.ts), ready for dangerouslySetInnerHTML. */
  html: string;
  attachments: Attachment[];
  /** Epoch milliseconds. */
  createdAt: number;
  /** Likes, comments and what the reader may do with them. */
  social: Social;
  canDelete: boolean;
}

export interface FeedPage {
  items: Activity[];
  /** Pass as maxid for older items; 0 when the page is empty. */
  nextId: number;
  /** Pass as minid for newer items. */
  firstId: number;
  endOfFeed: boolean;
}

/** Whose activities: the signed-in person's feed, one member's wall, or a group's (docs/api.md, "Groups": the wall). */
export type FeedSubject = { type: 'user' | 'group'; id: number } | undefined;

/** The fields the feed shows: all of them (the spec lets a view ask for fewer). */
export const FEED_FIELDS = [
  'id',
  'owner',
  'subject',
  'content',
  'attachments',
  'timestamp',
  'is_liked',
  'can_like',
  'total_like',
  'user_liked',
  'can_comment',
  'total_comment',
  'comments',
  'can_delete',
  'can_share',
].join(',');

export const FEED_PAGE_SIZE = 15;

const songAttachmentSchema = z.looseObject({
  src: str,
  duration: z.number().nonnegative().nullable().catch(null).default(null),
  status: z.enum(SONG_STATUSES).catch('processed'),
});

function reshapeAttachment(a: ApiAttachment): Attachment | undefined {
  // The API's href points at a web page of some site; the card of an item of this site links
  // to this client's own page of it, derived from type and id (lib/routes.ts). A link's
  // thumbnail lives on another site: it is shown through the image route (imageSrc); photos
  // and items' pictures are the API's own files.
  if (a.type === 'link') {
    const url = safeImageUrl(a.href);
    if (!url) return undefined;
    return { kind: 'link', url, title: a.title.trim() || url, description: a.description, thumbnail: imageSrc(a.img) };
  }
  if (a.type === 'photo' && safeImageUrl(a.img)) {
    // Its description is the alt text; a photo without one falls back to its title.
    const description = a.description.trim();
    return {
      kind: 'photo',
      id: a.id > 0 ? a.id : 0,
      src: safeImageUrl(a.img),
      alt: description || a.title.trim() || 'Photo',
      description,
      size: pictureSizeOf(a.width, a.height),
    };
  }
  if (a.type === 'music') {
    // `duration` and `src` are our API's (docs/api.md, "Music"); another server's song plays from its href.
    const song = songAttachmentSchema.parse(a);
    const source = songSourceOf(song.src || a.href);
    if (!source && a.id <= 0) return undefined;
    return { kind: 'song', id: a.id, title: a.title.trim() || 'Song', duration: song.duration, source, status: song.status };
  }
  if (a.type === 'video' && a.id > 0) {
    const video = reshapePostedVideo(a, a);
    if (video) return { kind: 'video', video };
  }
  if (!isItemType(a.type) || a.id <= 0) {
    // A type this client does not know: a plain link card when it has an address.
    const url = safeImageUrl(a.href);
    return url ? { kind: 'link', url, title: a.title.trim() || url, description: a.description, thumbnail: imageSrc(a.img) } : undefined;
  }
  return {
    kind: 'item',
    item: { type: a.type, id: a.id },
    title: a.title.trim(),
    description: a.description,
    image: safeImageUrl(a.img),
  };
}

export function reshapeActivity(a: ApiActivity): Activity {
  return {
    id: a.id,
    owner: a.owner ? who(reshapePerson(a.owner)) : { id: 0, name: 'Someone', image: '' },
    ...(a.subject?.type === 'group'
      ? { group: { id: a.subject.id, name: a.subject.title.trim() || 'a group' } }
      : a.subject && a.subject.id !== a.owner?.id
        ? { wall: who(reshapePerson(a.subject)) }
        : {}),
    html: sanitizeContent(a.content),
    attachments: a.attachments.flatMap((x) => reshapeAttachment(x) ?? []),
    createdAt: a.timestamp * 1000,
    social: reshapeSocial({ type: 'activity', id: a.id }, a),
    canDelete: a.can_delete,
  };
}

function subjectQuery(subject: FeedSubject) {
  return subject ? { subject_type: subject.type, subject_id: subject.id } : {};
}

/**
 * A page of the feed (or of a wall), newest first. `maxid` pages toward older items, `minid`
 * toward newer ones (both exclusive). undefined when the wall's member does not exist.
 */
export async function listActivities(
  token: string,
  opts: { subject?: FeedSubject; maxid?: number; minid?: number; limit?: number } = {},
): Promise<FeedPage | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/activities', {
      token,
      query: {
        ...subjectQuery(opts.subject),
        limit: opts.limit ?? FEED_PAGE_SIZE,
        maxid: opts.maxid || undefined,
        minid: opts.minid,
        fields: FEED_FIELDS,
      },
    });
  } catch (e) {
    if (opts.subject && isApiError(e, 404)) return undefined;
    throw e;
  }
  return reshapeFeedPage(data);
}

/** A page of activities as GET /activities answers it (a group's detail carries one too: its `wall`). */
export function reshapeFeedPage(data: unknown): FeedPage {
  const page = parseAnswer(feedPageSchema, data);
  return {
    items: page.items.map(reshapeActivity),
    nextId: page.next_id,
    firstId: page.first_id,
    endOfFeed: page.end_of_feed,
  };
}

/** Ids of the activities newer than `minid` (at most `limit`), to count what the reader has not seen. */
export async function listNewerActivityIds(
  token: string,
  minid: number,
  opts: { subject?: FeedSubject; limit?: number } = {},
): Promise<number[]> {
  const page = feedPageSchema.parse(
    await apiFetch(apiConfig(), '/activities', {
      token,
      query: { ...subjectQuery(opts.subject), minid, limit: opts.limit ?? 50, fields: 'id' },
    }),
  );
  return page.items.map((a) => a.id);
}

/** One activity; undefined when it does not exist or the reader may not see it. */
export async function getActivity(token: string, id: number): Promise<Activity | undefined> {
  try {
    return reshapeActivity(
      parseAnswer(activitySchema, await apiFetch(apiConfig(), `/activities/${id}`, { token, query: { fields: FEED_FIELDS } })),
    );
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

export interface ActivityCreateInput {
  body: string;
  link?: { url: string; title?: string; description?: string; thumbnail?: string };
  photoId?: number;
  /** One of the poster's videos, with the title and description it takes on (when given). */
  video?: { id: number; title?: string; description?: string };
  /** One of the poster's songs (attachment[type]=music). */
  songId?: number;
  /** Post on this member's wall instead of one's own. */
  wallId?: number;
  /** Post on this group's wall (docs/api.md, "Groups": the wall). */
  groupId?: number;
}

export async function createActivity(token: string, input: ActivityCreateInput): Promise<{ id: number; message: string }> {
  const form: Record<string, string | number | undefined> = {
    body: input.body,
    ...(input.groupId
      ? { subject_type: 'group', subject_id: input.groupId }
      : input.wallId
        ? { subject_type: 'user', subject_id: input.wallId }
        : {}),
  };
  if (input.photoId) {
    form['attachment[type]'] = 'photo';
    form['attachment[photo_id]'] = input.photoId;
  } else if (input.video) {
    form['attachment[type]'] = 'video';
    form['attachment[video_id]'] = input.video.id;
    form['attachment[title]'] = input.video.title || undefined;
    form['attachment[description]'] = input.video.description || undefined;
  } else if (input.songId) {
    form['attachment[type]'] = 'music';
    form['attachment[song_id]'] = input.songId;
  } else if (input.link) {
    form['attachment[type]'] = 'link';
    form['attachment[uri]'] = input.link.url;
    form['attachment[title]'] = input.link.title || undefined;
    form['attachment[description]'] = input.link.description || undefined;
    form['attachment[thumb]'] = input.link.thumbnail || undefined;
  }
  const data = createdSchema.parse(await apiFetch(apiConfig(), '/activities', { token, form }));
  return { id: data.id, message: data.message };
}

/** Shares an item on the reader's wall with an optional message; answers the new activity's id. */
export async function shareItem(token: string, item: ItemRef, body = ''): Promise<{ id: number; message: string }> {
  const data = createdSchema.parse(
    await apiFetch(apiConfig(), '/activities/share', { token, form: { item_type: item.type, item_id: item.id, body } }),
  );
  return { id: data.id, message: data.message };
}

export async function deleteActivity(token: string, id: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/activities/${id}`, { method: 'DELETE', token })).message;
}

/**
 * The unread counts of the header (GET /activities/updates): notifications, and conversations
 * (`message_count`, the messages extension) — null from a server without messages or for a token
 * without the `messages` scope.
 */
export async function getUpdates(token: string): Promise<{ notificationCount: number; messageCount: number | null }> {
  const data = updatesSchema.parse(await apiFetch(apiConfig(), '/activities/updates', { token }));
  return { notificationCount: data.notification_count, messageCount: data.message_count ?? null };
}

// ---- notifications (an extension of the API: docs/api.md, "Extensions": Notifications) ----

export const NOTIFICATION_KINDS = [
  'like',
  'comment',
  'share',
  'tag',
  'event_invite',
  'event_request',
  'friend_request',
  'friend_accept',
  'wall_post',
  'group_invite',
  'group_request',
  'group_approve',
  'group_add',
  'group_reject',
  'video_processed',
  'video_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One row of the notification list (GET /activities/notifications/groups, an extension): one
 * notification, or the likes (or shares) of one thing on one of the reader's days, grouped by
 * the server so that paging never splits a group.
 */
export interface NotificationGroup {
  /** Stable across renders and pages (the server's group_key). */
  key: string;
  kind: NotificationKind;
  /**
   * What it is about: an item, a member (friend requests and acceptances: the one who asked or
   * accepted), or a group (invitations, requests to join, approvals).
   */
  item: ItemRef | { type: 'user'; id: number } | { type: 'group'; id: number };
  /** The item's title (an activity's: an excerpt of it), '' when it has none. */
  title: string;
  /** Set when a comment of the item was liked. */
  commentId?: number;
  /** The latest people, newest first (a few; `actorCount` says how many in all). */
  actors: Who[];
  actorCount: number;
  /** The group's newest notification: where the next page starts, what marking read or seen goes up to. */
  newestId: number;
  /** The newest notification's time (epoch ms). */
  latest: number;
  /** Read once every notification of it is. */
  read: boolean;
  /** An invitation: the reader's answer now (null: no longer on the event; undefined: the server does not say). */
  rsvp?: Rsvp | null;
  /** A request to join the reader's event or group, or to be their friend: whether it still waits (undefined: the server does not say). */
  pending?: boolean;
  /** A friend request still waiting: its id, to accept or decline it. */
  requestId?: number;
  /** What its actor wrote with it (a request to join a group declined), when they wrote anything. */
  message?: string;
}

const notificationGroupSchema = z.looseObject({
  group_key: str,
  type: str,
  owners_count: num.optional(),
  sample_owners: lenientArray(ownerSchema),
  most_recent_notification_id: id,
  item: z.looseObject({ type: str, id, title: str }),
  comment_id: num.optional(),
  timestamp: num,
  is_read: flag,
  rsvp: z.enum(RSVPS).nullable().optional().catch(undefined),
  is_pending: z.boolean().optional().catch(undefined),
  request_id: num.optional().catch(undefined),
  message: str.optional(),
});

/** Which groups a list asks for: only these kinds, those after this one (a cursor: a group's newestId), days in this zone. */
export interface NotificationQuery {
  limit?: number;
  kinds?: readonly NotificationKind[];
  beforeId?: number;
  zone?: string;
}

/**
 * A page of the reader's notifications in groups, newest first; undefined when the API does not
 * have the list (isMissingExtension): the bell then shows only its count.
 * Kinds this client does not know, and items of unknown types, are left out.
 */
export async function listNotificationGroups(token: string, opts: NotificationQuery = {}): Promise<NotificationGroup[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/activities/notifications/groups', {
      token,
      query: { limit: opts.limit ?? 10, types: opts.kinds?.join(','), before_id: opts.beforeId, tz: opts.zone },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return lenientArray(notificationGroupSchema)
    .parse(data)
    .flatMap((g): NotificationGroup[] => {
      const kind = NOTIFICATION_KINDS.find((k) => k === g.type);
      const type = g.item.type;
      const actors = g.sample_owners.map((o) => who(reshapePerson(o)));
      if (!kind || !(type === 'user' || type === 'group' || isItemType(type)) || actors.length === 0) return [];
      return [
        {
          key: g.group_key,
          kind,
          item: { type, id: g.item.id },
          title: g.item.title.trim(),
          ...(g.comment_id ? { commentId: g.comment_id } : {}),
          actors,
          actorCount: Math.max(g.owners_count ?? actors.length, actors.length),
          newestId: g.most_recent_notification_id,
          latest: g.timestamp * 1000,
          read: g.is_read,
          ...(g.rsvp !== undefined ? { rsvp: g.rsvp } : {}),
          ...(g.is_pending !== undefined ? { pending: g.is_pending } : {}),
          ...(g.request_id ? { requestId: g.request_id } : {}),
          ...(g.message?.trim() ? { message: g.message.trim() } : {}),
        },
      ];
    });
}

/** Marks read one group (its row was opened), its day in the zone it was listed in. */
export async function markNotificationGroupRead(token: string, key: string, zone: string): Promise<void> {
  await apiFetch(apiConfig(), '/activities/notifications/read', { token, form: { group_key: key, tz: zone } });
}

/**
 * Marks seen what the bell's panel showed (up to `maxId`): it leaves the count and stays new in
 * the list. A server without the extension keeps its count.
 */
export async function markNotificationsSeen(token: string, maxId: number): Promise<void> {
  try {
    await apiFetch(apiConfig(), '/activities/notifications/seen', { token, form: { max_id: maxId } });
  } catch (e) {
    if (!isMissingExtension(e)) throw e;
  }
}

/** Marks the reader's notifications read, up to `maxId` when given (those the reader was shown). */
export async function markNotificationsRead(token: string, maxId?: number): Promise<void> {
  await apiFetch(apiConfig(), '/activities/notifications/read', { token, form: { max_id: maxId } });
}
