import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { reshapeComment, type Comment, type ItemType } from './core.ts';
import { isApiError } from './errors.ts';
import { sanitizeContent } from './sanitize.ts';
import {
  activitySchema,
  composeUploadSchema,
  createdSchema,
  feedPageSchema,
  messageSchema,
  updatesSchema,
  type ApiActivity,
  type ApiAttachment,
} from './schemas.ts';
import { reshapePerson, safeImageUrl, type Person } from './users.ts';

// Activities (spec: the activity feed, scope activities).

export type Attachment =
  | { kind: 'photo'; id: number; src: string; alt: string; href: string }
  | { kind: 'link'; url: string; title: string; description: string; thumbnail: string }
  | { kind: 'item'; itemType: string; label: string; id: number; title: string; description: string; image: string; href: string }
  | { kind: 'audio'; title: string; src: string };

export interface Activity {
  id: number;
  /** undefined only when the feed was asked without the owner field. */
  owner: Person;
  /** Sanitized HTML (see sanitize.ts), ready for dangerouslySetInnerHTML. */
  html: string;
  attachments: Attachment[];
  /** Epoch milliseconds. */
  createdAt: number;
  liked: boolean;
  likeCount: number;
  /** The latest people who like it (the API sends up to 10). */
  likers: Person[];
  commentCount: number;
  /** The latest comments, oldest first. */
  comments: Comment[];
  can: { like: boolean; comment: boolean; delete: boolean; share: boolean };
}

export interface FeedPage {
  items: Activity[];
  /** Pass as maxid for older items; 0 when the page is empty. */
  nextId: number;
  /** Pass as minid for newer items. */
  firstId: number;
  endOfFeed: boolean;
}

/** Whose activities: the signed-in person's feed, or one member's wall. */
export type FeedSubject = { type: 'user'; id: number } | undefined;

/** The fields the feed shows: all of them (the spec lets a view ask for fewer). */
export const FEED_FIELDS = [
  'id', 'owner', 'content', 'attachments', 'timestamp', 'is_liked', 'can_like', 'total_like', 'user_liked',
  'can_comment', 'total_comment', 'comments', 'can_delete', 'can_share',
].join(',');

export const FEED_PAGE_SIZE = 15;

/** The web client's page of each item type (DESIGN: one route per resource). */
const ITEM_PAGES: Record<string, { path: string; label: string }> = {
  activity: { path: 'activities', label: 'Post' },
  album: { path: 'albums', label: 'Album' },
  photo: { path: 'photos', label: 'Photo' },
  blog: { path: 'blogs', label: 'Blog post' },
  classified: { path: 'listings', label: 'Listing' },
  event: { path: 'events', label: 'Event' },
};

function httpUrl(value: string): string {
  return safeImageUrl(value);
}

function reshapeAttachment(a: ApiAttachment): Attachment | undefined {
  const page = ITEM_PAGES[a.type];
  // The API's href points at a web page of some site; ours is derived from type and id, so a
  // card never links anywhere but this site's own page of the item.
  const href = page && a.id > 0 ? `/${page.path}/${a.id}` : '';
  if (a.type === 'link') {
    const url = httpUrl(a.href);
    if (!url) return undefined;
    return { kind: 'link', url, title: a.title.trim() || url, description: a.description, thumbnail: httpUrl(a.img) };
  }
  if (a.type === 'photo' && httpUrl(a.img)) {
    return { kind: 'photo', id: a.id, src: httpUrl(a.img), alt: a.title.trim() || 'Photo', href };
  }
  if (a.type === 'music') {
    const src = httpUrl(a.href);
    return src ? { kind: 'audio', title: a.title.trim() || 'Song', src } : undefined;
  }
  if (!page) {
    // A type this client does not know: a plain link card when it has an address.
    const url = httpUrl(a.href);
    return url ? { kind: 'link', url, title: a.title.trim() || url, description: a.description, thumbnail: httpUrl(a.img) } : undefined;
  }
  return {
    kind: 'item',
    itemType: a.type,
    label: page.label,
    id: a.id,
    title: a.title.trim() || page.label,
    description: a.description,
    image: httpUrl(a.img),
    href,
  };
}

export function reshapeActivity(a: ApiActivity): Activity {
  return {
    id: a.id,
    owner: a.owner ? reshapePerson(a.owner) : { id: 0, name: 'Someone', image: '', picture: '' },
    html: sanitizeContent(a.content),
    attachments: a.attachments.flatMap((x) => reshapeAttachment(x) ?? []),
    createdAt: a.timestamp * 1000,
    liked: a.is_liked,
    likeCount: Math.max(a.total_like, a.user_liked.length),
    likers: a.user_liked.map(reshapePerson),
    commentCount: Math.max(a.total_comment, a.comments.length),
    comments: a.comments.map(reshapeComment),
    can: { like: a.can_like, comment: a.can_comment, delete: a.can_delete, share: a.can_share },
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
  const page = feedPageSchema.parse(data);
  return {
    items: page.items.map(reshapeActivity),
    nextId: page.next_id,
    firstId: page.first_id,
    endOfFeed: page.end_of_feed,
  };
}

/** Ids of the activities newer than `minid` (at most `limit`), to count what the reader has not seen. */
export async function listNewerActivityIds(token: string, minid: number, opts: { subject?: FeedSubject; limit?: number } = {}): Promise<number[]> {
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
    return reshapeActivity(activitySchema.parse(await apiFetch(apiConfig(), `/activities/${id}`, { token, query: { fields: FEED_FIELDS } })));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

export interface ActivityCreateInput {
  body: string;
  link?: { url: string; title?: string; description?: string; thumbnail?: string };
  photoId?: number;
  /** Post on this member's wall instead of one's own. */
  wallId?: number;
}

/** The API's names of the post form's fields, and the compose form's names for them. */
const CREATE_FIELD_NAMES: Record<string, string> = {
  body: 'body',
  'attachment[uri]': 'linkUrl',
  'attachment[title]': 'linkTitle',
  'attachment[description]': 'linkDescription',
  'attachment[thumb]': 'linkUrl',
  'attachment[photo_id]': 'photoId',
  'attachment[type]': 'body',
};

/** The API's field errors of POST /activities under the compose form's field names. */
export function toComposeFieldErrors(apiFieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(apiFieldErrors)) {
    const field = CREATE_FIELD_NAMES[name] ?? 'body';
    out[field] = out[field] ? `${out[field]}; ${message}` : message;
  }
  return out;
}

export async function createActivity(token: string, input: ActivityCreateInput): Promise<{ id: number; message: string }> {
  const form: Record<string, string | number | undefined> = {
    body: input.body,
    ...(input.wallId ? { subject_type: 'user', subject_id: input.wallId } : {}),
  };
  if (input.photoId) {
    form['attachment[type]'] = 'photo';
    form['attachment[photo_id]'] = input.photoId;
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
export async function shareItem(token: string, item: { itemType: ItemType; itemId: number }, body = ''): Promise<{ id: number; message: string }> {
  const data = createdSchema.parse(
    await apiFetch(apiConfig(), '/activities/share', { token, form: { item_type: item.itemType, item_id: item.itemId, body } }),
  );
  return { id: data.id, message: data.message };
}

export async function deleteActivity(token: string, id: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/activities/${id}`, { method: 'DELETE', token })).message;
}

/** The number of unread notifications (GET /activities/updates). */
export async function getUpdates(token: string): Promise<{ notificationCount: number }> {
  const data = updatesSchema.parse(await apiFetch(apiConfig(), '/activities/updates', { token }));
  return { notificationCount: data.notification_count };
}

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Streams a multipart body (with its `Filedata` part, as the browser sent it) to
 * /albums/compose_upload, never holding the file in memory. Answers the new photo.
 */
export async function uploadComposePhoto(
  token: string,
  upload: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string },
  signal?: AbortSignal,
): Promise<{ photoId: number; src: string }> {
  const data = composeUploadSchema.parse(
    await apiFetch(apiConfig(), '/albums/compose_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  return { photoId: data.photo_id, src: httpUrl(data.src) };
}
