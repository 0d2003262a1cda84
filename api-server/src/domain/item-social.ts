import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { getCommentStats, presentComments } from './comments.ts';
import { canComment, canLike, loadItems, shareView, type ItemType } from './items.ts';
import { getLikeStats } from './likes.ts';
import { getItemTags, type Tag } from './keyword-tags.ts';
import { getCategories } from './options.ts';
import { getOwnerSummaries, missingOwner, type OwnerSummary } from './owners.ts';
import type { Viewer } from './privacy.ts';

/**
 * The social fields an activity has (spec: Activity), for items of the other types too (an
 * extension: docs/api.md, "Extensions"), so that a client shows an item's likes, comments and what
 * the reader may do in the same read as the item, not three.
 */
export const SOCIAL_FIELDS = [
  'is_liked',
  'can_like',
  'total_like',
  'user_liked',
  'can_comment',
  'total_comment',
  'comments',
  'can_share',
] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

/** As many likers as an activity names, and as many of the latest comments. */
const USER_LIKED_MAX = 10;
const COMMENTS_SHOWN = 3;

function isSocialField(f: string): f is SocialField {
  return (SOCIAL_FIELDS as readonly string[]).includes(f);
}

/**
 * The social fields asked for of items of one type (already known to be visible to the reader),
 * by item id, in a fixed number of queries. The rules are those of /core/likes, /core/comments
 * and /activities/share: a user who sees an item may like it, may comment when its comment
 * privacy lets them in, and may share it when everyone signed in may see it.
 */
export async function presentItemSocial(
  db: DB,
  config: Config,
  viewer: Viewer,
  type: ItemType,
  ids: readonly number[],
  fields: readonly string[],
): Promise<Map<number, Partial<Record<SocialField, unknown>>>> {
  const want = new Set(fields.filter(isSocialField));
  const out = new Map<number, Partial<Record<SocialField, unknown>>>(ids.map((id) => [id, {}]));
  if (want.size === 0 || ids.length === 0) return out;

  const needLikes = want.has('is_liked') || want.has('total_like') || want.has('user_liked');
  const needComments = want.has('total_comment') || want.has('comments');
  const [items, likes, comments] = await Promise.all([
    loadItems(db, config, type, ids),
    needLikes ? getLikeStats(db, type, ids, viewer.userId, want.has('user_liked') ? USER_LIKED_MAX : 0) : undefined,
    needComments ? getCommentStats(db, type, ids, want.has('comments') ? COMMENTS_SHOWN : 0) : undefined,
  ]);

  const likers = new Set<number>();
  if (likes && want.has('user_liked')) for (const l of likes.values()) for (const u of l.recent) likers.add(u);
  const [owners, commentViews] = await Promise.all([
    getOwnerSummaries(db, config, likers),
    comments && want.has('comments')
      ? presentComments(
          db,
          config,
          viewer,
          (c) => items.get(c.item_id)?.ownerId ?? 0,
          [...comments.values()].flatMap((c) => c.latest),
        )
      : [],
  ]);
  const commentById = new Map(commentViews.map((c) => [c.id, c]));

  for (const id of ids) {
    const item = items.get(id);
    const l = likes?.get(id);
    const c = comments?.get(id);
    const row = out.get(id)!;
    for (const f of want) {
      switch (f) {
        case 'is_liked':
          row.is_liked = l!.isLiked;
          break;
        case 'total_like':
          row.total_like = l!.total;
          break;
        case 'user_liked':
          row.user_liked = l!.recent.map((u) => owners.get(u) ?? missingOwner(config, u));
          break;
        case 'total_comment':
          row.total_comment = c!.total;
          break;
        case 'comments':
          row.comments = c!.latest.map((x) => commentById.get(x.id)!);
          break;
        case 'can_like':
          row.can_like = item ? await canLike(viewer, item) : false;
          break;
        case 'can_comment':
          row.can_comment = item ? await canComment(viewer, item) : false;
          break;
        case 'can_share':
          row.can_share = !!item && viewer.userId !== null && shareView(item) !== null;
          break;
      }
    }
  }
  return out;
}

/** What a page of items owned by members (blogs, listings, events) shows of each beside its own columns. */
export interface ItemParts {
  owner: (row: { owner_id: number }) => OwnerSummary;
  tags: (row: { id: number }) => Tag[];
  category: (row: { category_id: number | null }) => { id: number; title: string } | null;
  social: (row: { id: number }) => Partial<Record<SocialField, unknown>> | undefined;
}

/**
 * The owners, tags, categories and social fields of a page of items, each read (in one query)
 * only when `fields` asks for it.
 */
export async function presentItemParts(
  db: DB,
  config: Config,
  viewer: Viewer,
  type: ItemType,
  rows: ReadonlyArray<{ id: number; owner_id: number; category_id: number | null }>,
  fields: readonly string[],
): Promise<ItemParts> {
  const ids = rows.map((r) => r.id);
  const [owners, tags, categories, social] = await Promise.all([
    fields.includes('owner')
      ? getOwnerSummaries(
          db,
          config,
          rows.map((r) => r.owner_id),
        )
      : undefined,
    fields.includes('tags') ? getItemTags(db, type, ids) : undefined,
    fields.includes('category')
      ? getCategories(
          db,
          rows.map((r) => r.category_id),
        )
      : undefined,
    presentItemSocial(db, config, viewer, type, ids, fields),
  ]);
  return {
    owner: (r) => owners?.get(r.owner_id) ?? missingOwner(config, r.owner_id),
    tags: (r) => tags?.get(r.id) ?? [],
    category: (r) => (r.category_id !== null && categories?.get(r.category_id)) || null,
    social: (r) => social.get(r.id),
  };
}
