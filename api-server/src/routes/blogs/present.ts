import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { getBlog, type BlogRow } from '../../data/blogs.ts';
import { formatDate } from '../../domain/format.ts';
import { presentItemParts, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../http/fields.ts';

/** The spec's fields: what an answer holds when `fields` is not given. */
export const BLOG_LIST_FIELDS = ['id', 'type', 'title', 'owner', 'date', 'body'] as const;
export const BLOG_DETAIL_FIELDS = [...BLOG_LIST_FIELDS, 'tags', 'category', 'can_edit', 'can_delete'] as const;

/**
 * Fields beyond the spec, given only when asked for by name (docs/api.md, "Extensions": Blogs):
 * whether it is a draft, its views, likes and comments in lists (with its category, which the spec
 * has in the detail only); in the detail also the social fields an activity has and, for its
 * owner, the settings an edit form shows (allow_search, auth_view, auth_comment).
 */
const LIST_EXTENSION_FIELDS = ['category', 'is_draft', 'total_view', 'total_like', 'total_comment'] as const;
const DETAIL_EXTENSION_FIELDS = ['is_draft', 'total_view', 'allow_search', 'auth_view', 'auth_comment', ...SOCIAL_FIELDS] as const;
export const BLOG_LIST_ALLOWED = [...BLOG_LIST_FIELDS, ...LIST_EXTENSION_FIELDS] as const;
export const BLOG_DETAIL_ALLOWED = [...BLOG_DETAIL_FIELDS, ...DETAIL_EXTENSION_FIELDS] as const;
export type BlogField = (typeof BLOG_DETAIL_ALLOWED)[number];

/** Only the owner edits and deletes a blog (and alone sees it while it is a draft). */
export function isBlogOwner(viewer: Viewer, row: Pick<BlogRow, 'owner_id'>): boolean {
  return viewer.userId !== null && viewer.userId === row.owner_id;
}

/** The blog when the reader may see it: a draft only by its owner; 404 otherwise (absent and hidden look the same). */
export async function getVisibleBlog(db: DB, viewer: Viewer, id: number): Promise<BlogRow> {
  const row = await getBlog(db, id);
  if (!row || (!isBlogOwner(viewer, row) && (row.is_draft === 1 || !(await allows(viewer, row.auth_view, row.owner_id))))) {
    throw notFound('The blog was not found or you may not see it.');
  }
  return row;
}

/** Blogs (already known to be visible to the reader) as the spec's Blog, in a fixed number of queries. */
export async function presentBlogs(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly BlogRow[],
  fields: readonly BlogField[],
): Promise<Array<Partial<Record<BlogField, unknown>>>> {
  const parts = await presentItemParts(db, config, viewer, 'blog', rows, fields);
  return rows.map((r) => {
    const mine = isBlogOwner(viewer, r);
    const blog: Partial<Record<BlogField, unknown>> = {
      id: r.id,
      type: 'blog',
      title: r.title,
      owner: parts.owner(r),
      date: formatDate(r.created_at),
      body: r.body,
      tags: parts.tags(r),
      category: parts.category(r),
      can_edit: mine,
      can_delete: mine,
      is_draft: r.is_draft === 1,
      total_view: r.view_count,
      // The edit form's settings are told to the owner alone (absent for anyone else).
      ...(mine ? { allow_search: r.allow_search, auth_view: r.auth_view, auth_comment: r.auth_comment } : {}),
      ...parts.social(r),
    };
    return pick(blog, fields);
  });
}
