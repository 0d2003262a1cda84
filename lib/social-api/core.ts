import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import type { ItemRef } from './items.ts';
import { lenientArray, optionSchema } from './primitives.ts';
import {
  commentSchema,
  createdSchema,
  messageSchema,
  ownerSchema,
  socialFieldsShape,
  type ApiComment,
  type ApiSocialFields,
} from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// Core (spec: likes and comments on any item, scope basic).

export type { ItemRef, ItemType } from './items.ts';

/** What the social layer shows of any item: its likes, its comments, what the reader may do. */
export interface Social {
  item: ItemRef;
  liked: boolean;
  likeCount: number;
  /** The first people who like it (ids and names only: the card names two). */
  likers: Array<{ id: number; name: string }>;
  commentCount: number;
  /** The latest comments, oldest first. */
  comments: Comment[];
  can: { like: boolean; comment: boolean; share: boolean; report: boolean };
}

export interface Comment {
  id: number;
  author: Who;
  /** Plain text as it was written (the API sends comment bodies as text, not HTML). */
  text: string;
  /** Epoch milliseconds; 0 when the API sent no readable date. */
  createdAt: number;
  liked: boolean;
  likeCount: number;
  canDelete: boolean;
}

/** The spec's comment date: 'YYYY-MM-DD HH:mm:ss', in UTC (docs/api.md, "Conventions"). */
export function parseApiDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(date);
  if (!m) return 0;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}

export function reshapeComment(c: ApiComment): Comment {
  return {
    id: c.id,
    author: who(reshapePerson(c.owner)),
    text: c.body,
    createdAt: parseApiDate(c.date),
    liked: c.is_liked,
    likeCount: c.total_like,
    canDelete: c.can_delete,
  };
}

/** The likers a card names ("Liked by Ann, Bob and 3 others"); the dialog pages the rest. */
const LIKERS_NAMED = 2;
/** The latest comments an item shows at first, as the API's `comments` field gives them; "View more comments" pages the rest. */
const COMMENTS_SHOWN = 3;

/** The social fields of an item (an activity's, or the same fields of another item from our API) as the social layer shows them. */
export function reshapeSocial(item: ItemRef, s: ApiSocialFields): Social {
  const likers = s.user_liked.map(reshapePerson);
  return {
    item,
    liked: s.is_liked,
    likeCount: Math.max(s.total_like, likers.length),
    // The viewer is named first when they like it ("you"), then the others the API listed.
    likers: likers.slice(0, LIKERS_NAMED + 1).map(({ id, name }) => ({ id, name })),
    commentCount: Math.max(s.total_comment, s.comments.length),
    comments: s.comments.map(reshapeComment),
    // Anyone who sees an item may report it but its owner; the API refuses one's own.
    can: { like: s.can_like, comment: s.can_comment, share: s.can_share, report: true },
  };
}

const commentsSchema = z.array(z.unknown()).catch([]);

/**
 * One page of an item's comments. Page 1 holds the newest ones; each page is in
 * chronological order (docs/api.md, "Conventions"), so older pages go before it.
 */
export async function listComments(token: string, item: ItemRef, opts: { page?: number; limit?: number } = {}): Promise<Comment[]> {
  const raw = commentsSchema.parse(
    await apiFetch(apiConfig(), '/core/comments', {
      token,
      query: { item_type: item.type, item_id: item.id, page: opts.page ?? 1, limit: opts.limit ?? 10 },
    }),
  );
  return raw.flatMap((x) => {
    const parsed = commentSchema.safeParse(x);
    return parsed.success ? [reshapeComment(parsed.data)] : [];
  });
}

/** Adds a comment; the id comes with our API (an extension), 0 from a server that does not send it. */
export async function addComment(token: string, item: ItemRef, body: string): Promise<{ id: number; message: string }> {
  const data = createdSchema.parse(
    (await apiFetch(apiConfig(), '/core/comments', {
      token,
      form: { item_type: item.type, item_id: item.id, body },
    })) ?? {},
  );
  return { id: data.id, message: data.message };
}

export async function deleteComment(token: string, item: ItemRef, commentId: number): Promise<string> {
  const data = await apiFetch(apiConfig(), '/core/comments', {
    method: 'DELETE',
    token,
    query: { item_type: item.type, item_id: item.id, comment_id: commentId },
  });
  return messageSchema.parse(data).message;
}

/** Likes the item, or one of its comments when commentId is given. */
export async function likeItem(token: string, item: ItemRef, commentId?: number): Promise<string> {
  const data = await apiFetch(apiConfig(), '/core/likes', {
    token,
    form: { item_type: item.type, item_id: item.id, comment_id: commentId },
  });
  return messageSchema.parse(data).message;
}

export async function unlikeItem(token: string, item: ItemRef, commentId?: number): Promise<string> {
  const data = await apiFetch(apiConfig(), '/core/likes', {
    method: 'DELETE',
    token,
    query: { item_type: item.type, item_id: item.id, comment_id: commentId },
  });
  return messageSchema.parse(data).message;
}

/** People who like the item, a page at a time. */
export async function listLikers(token: string, item: ItemRef, opts: { page?: number; limit?: number } = {}): Promise<Who[]> {
  const raw = commentsSchema.parse(
    await apiFetch(apiConfig(), '/core/likes', {
      token,
      query: { item_type: item.type, item_id: item.id, page: opts.page ?? 1, limit: opts.limit ?? 20 },
    }),
  );
  return raw.flatMap((x) => {
    const parsed = ownerSchema.safeParse(x);
    return parsed.success ? [who(reshapePerson(parsed.data))] : [];
  });
}

/** A reason a report can give (GET /core/report_types). */
export interface ReportType {
  id: string;
  title: string;
}

/** The reasons a report may give, in the API's order. */
export async function listReportTypes(token: string): Promise<ReportType[]> {
  const types = lenientArray(optionSchema).parse(await apiFetch(apiConfig(), '/core/report_types', { token }));
  return types.filter((t) => t.id).map((t) => ({ id: t.id, title: t.title.trim() || t.id }));
}

/** What a report is about: an item, or a message of one of the reader's conversations (item_type=message). */
export type ReportTarget = ItemRef | { type: 'message'; id: number };

/**
 * Reports an item, or one of its comments when commentId is given (the API reports a comment
 * as item_type "comment" with the comment's id). Answers the API's message.
 */
export async function reportItem(
  token: string,
  item: ReportTarget,
  report: { type: string; description: string; commentId?: number },
): Promise<string> {
  const target = report.commentId ? { item_type: 'comment', item_id: report.commentId } : { item_type: item.type, item_id: item.id };
  const data = await apiFetch(apiConfig(), '/core/report', {
    token,
    form: { ...target, type: report.type, description: report.description },
  });
  return messageSchema.parse(data).message;
}

/** The most a core list (`/core/comments`, `/core/likes`) gives in one page (docs/api.md, "Conventions": Paging). */
const CORE_PAGE_MAX = 50;

/**
 * How many entries a paged list holds, for a server whose lists carry no total (the document's
 * `/core/comments` and `/core/likes` are plain arrays). Page p of `size` holds entries only when
 * the list has more than (p - 1) × size, so the last page is found by doubling the page until one
 * is short, then halving between the last full and the first short one: exact, in about
 * 2·log2(n / size) calls (one for an item with fewer than `size` entries) rather than one per
 * page. No library counts a list it cannot ask for its length, hence this by hand.
 */
export async function countPaged<T>(
  fetchPage: (page: number, limit: number) => Promise<T[]>,
  size = CORE_PAGE_MAX,
): Promise<{ count: number; first: T[]; seen: T[] }> {
  const seen: T[] = [];
  const length = async (page: number) => {
    const entries = await fetchPage(page, size);
    seen.push(...entries);
    return entries.length;
  };
  const first = await fetchPage(1, size);
  seen.push(...first);
  if (first.length < size) return { count: first.length, first, seen };
  // lo: a page known to be full; hi: a page known to be short (or empty), with its length.
  let lo = 1;
  let hi = 2;
  let hiLength = await length(hi);
  while (hiLength === size) {
    lo = hi;
    hi *= 2;
    hiLength = await length(hi);
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const n = await length(mid);
    if (n === size) lo = mid;
    else [hi, hiLength] = [mid, n];
  }
  return { count: (hi - 1) * size + hiLength, first, seen };
}

/**
 * The social layer of an item from the document's own endpoints, for a server that does not
 * give items other than activities their social fields (an extension of ours): the newest
 * comments, the first likers, and both counts exact (counted through their pages). Whether the
 * reader may comment is learned when they try (the API answers why not).
 */
async function getSocialFromCore(token: string, item: ItemRef, viewerId: number, can: { share: boolean }): Promise<Social> {
  const [comments, likers] = await Promise.all([
    countPaged((page, limit) => listComments(token, item, { page, limit })),
    countPaged((page, limit) => listLikers(token, item, { page, limit })),
  ]);
  return {
    item,
    // Whether the viewer likes it, from the pages read to count (all of them up to 100 likes; past
    // that, a like on a page the count skipped is not seen until the reader opens "who liked").
    liked: likers.seen.some((p) => p.id === viewerId),
    likeCount: likers.count,
    likers: likers.first.slice(0, LIKERS_NAMED + 1).map(({ id, name }) => ({ id, name })),
    commentCount: comments.count,
    // Page 1 holds the newest comments in chronological order: its end is the latest.
    comments: comments.first.slice(-COMMENTS_SHOWN),
    can: { like: true, comment: true, share: can.share, report: true },
  };
}

const socialFieldsSchema = z.looseObject(socialFieldsShape);

/**
 * An item's social layer from the item's own answer when the server gave its social fields (ours
 * does when asked: docs/api.md, "Extensions"), else from the core endpoints.
 */
export async function socialOf(token: string, item: ItemRef, answer: object, viewerId: number, can: { share: boolean }): Promise<Social> {
  return 'can_like' in answer ? reshapeSocial(item, socialFieldsSchema.parse(answer)) : getSocialFromCore(token, item, viewerId, can);
}
