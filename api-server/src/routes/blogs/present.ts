import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import type { BlogsTable } from '../../db/types.ts';
import { formatDate } from '../../domain/format.ts';
import { getItemTags } from '../../domain/keyword-tags.ts';
import { getCategories } from '../../domain/options.ts';
import { getOwnerSummaries, missingOwner } from '../../domain/owners.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../http/fields.ts';

export type BlogRow = Selectable<BlogsTable>;

export const BLOG_LIST_FIELDS = ['id', 'type', 'title', 'owner', 'date', 'body'] as const;
export const BLOG_DETAIL_FIELDS = [...BLOG_LIST_FIELDS, 'tags', 'category', 'can_edit', 'can_delete'] as const;
export type BlogField = (typeof BLOG_DETAIL_FIELDS)[number];

/** Only the owner edits and deletes a blog (and alone sees it while it is a draft). */
export function isBlogOwner(viewer: Viewer, row: Pick<BlogRow, 'owner_id'>): boolean {
  return viewer.userId !== null && viewer.userId === row.owner_id;
}

/** The blog when the reader may see it: a draft only by its owner; 404 otherwise (absent and hidden look the same). */
export async function getVisibleBlog(db: DB, viewer: Viewer, id: number): Promise<BlogRow> {
  const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (!isBlogOwner(viewer, row) && (row.is_draft === 1 || !(await allows(viewer, row.auth_view, row.owner_id))))) {
    throw notFound('The blog was not found or you may not see it.');
  }
  return row;
}

/** Blogs (already known to be visible to the reader) as the spec's Blog, in a fixed number of queries. */
export async function presentBlogs(
  db: DB, config: Config, viewer: Viewer, rows: readonly BlogRow[], fields: readonly BlogField[],
): Promise<Array<Partial<Record<BlogField, unknown>>>> {
  const want = new Set(fields);
  const ids = rows.map((r) => r.id);
  const [owners, tags, categories] = await Promise.all([
    want.has('owner') ? getOwnerSummaries(db, config, rows.map((r) => r.owner_id)) : undefined,
    want.has('tags') ? getItemTags(db, 'blog', ids) : undefined,
    want.has('category') ? getCategories(db, rows.map((r) => r.category_id)) : undefined,
  ]);
  return rows.map((r) => {
    const mine = isBlogOwner(viewer, r);
    const blog: Record<BlogField, unknown> = {
      id: r.id,
      type: 'blog',
      title: r.title,
      owner: owners?.get(r.owner_id) ?? missingOwner(config, r.owner_id),
      date: formatDate(r.created_at),
      body: r.body,
      tags: tags?.get(r.id) ?? [],
      category: (r.category_id !== null && categories?.get(r.category_id)) || null,
      can_edit: mine,
      can_delete: mine,
    };
    return pick(blog, fields);
  });
}
