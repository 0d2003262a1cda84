import { sql, type RawBuilder, type SqlBool, type Selectable } from 'kysely';
import type { DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { BlogsTable, Privacy } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { hasTagContaining, setItemTags } from '../domain/keyword-tags.ts';
import { richTextSearchTerm } from '../domain/rich-text.ts';
import { listedFor, ownedByFriendOf, visibleTo } from '../domain/visibility.ts';

// Blog posts as the blogs routes read and write them (table `blogs`, with their keyword tags in
// `item_tags`). Privacy, tags and the traces an item leaves stay in domain/.

export type BlogRow = Selectable<BlogsTable>;

/**
 * The blogs other people's lists show the reader (alias `b`): published, what they may see and
 * what allow_search lets them list. The list and a member's counts (GET /users/{id}) share it.
 */
export function blogsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(b.is_draft = 0 and ${visibleTo('b', readerId)} and ${listedFor('b', readerId)})`;
}

export function getBlog(db: DB, id: number): Promise<BlogRow | undefined> {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface BlogListFilter {
  /** The reader (null: not signed in). */
  me: number | null;
  /** The reader's own blogs, drafts included, rather than what others' lists show them. */
  mine: boolean;
  userId?: number;
  onlyFriends: boolean;
  categoryId?: number;
  keywords?: string;
  sort?: 'creation_date' | 'view_count';
  limit: number;
  offset: number;
}

/** A page of blogs, newest (or most viewed) first. */
export function listBlogs(
  db: DB,
  { me, mine, userId, onlyFriends, categoryId, keywords, sort, limit, offset }: BlogListFilter,
): Promise<BlogRow[]> {
  let query = db.selectFrom('blogs as b').selectAll('b');
  if (mine) {
    query = query.where('b.owner_id', '=', me!);
  } else {
    query = query.where(blogsListedTo(me));
    if (userId !== undefined) query = query.where('b.owner_id', '=', userId);
  }
  if (onlyFriends) query = query.where(ownedByFriendOf('b', me!));
  if (categoryId !== undefined) query = query.where('b.category_id', '=', categoryId);
  // Keywords are looked for in the title, the body and the tags (a post's tags link to a
  // keyword search for them).
  if (keywords) {
    query = query.where(
      sql<SqlBool>`(${containsText('b.title', keywords)} or ${containsText('b.body', richTextSearchTerm(keywords))} or ${hasTagContaining('blog', 'b.id', keywords)})`,
    );
  }
  query =
    sort === 'view_count'
      ? query.orderBy('b.view_count', 'desc').orderBy('b.id', 'desc')
      : query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
  return query.limit(limit).offset(offset).execute();
}

export interface BlogValues {
  title: string;
  body: string;
  category_id: number;
  is_draft: number;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
}

/** Stores a new blog of `ownerId` with its tags (undefined: none); its id. */
export function insertBlog(
  db: DB,
  { ownerId, values, tags, at }: { ownerId: number; values: BlogValues; tags: string | undefined; at: number },
): Promise<number> {
  return transact(db, async (trx) => {
    const row = await trx
      .insertInto('blogs')
      .values({ owner_id: ownerId, ...values, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setItemTags(trx, 'blog', row.id, tags);
    return row.id;
  });
}

/** Changes a blog and, when `tags` is given, its tags; `publishedNow` moves it among the newest. */
export async function updateBlog(
  db: DB,
  { id, values, tags, publishedNow, at }: { id: number; values: BlogValues; tags: string | undefined; publishedNow: boolean; at: number },
): Promise<void> {
  await transact(db, async (trx) => {
    await trx
      .updateTable('blogs')
      .set({
        ...values,
        updated_at: at,
        // A draft that is published takes its place among the newest blogs.
        ...(publishedNow ? { created_at: at } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (tags !== undefined) await setItemTags(trx, 'blog', id, tags);
  });
}

/** Deletes a blog with what it left elsewhere (comments, likes, tags, activities...). */
export async function deleteBlog(db: DB, id: number): Promise<void> {
  await transact(db, async (trx) => {
    await deleteItemTraces(trx, 'blog', [id]);
    await trx.deleteFrom('blogs').where('id', '=', id).execute();
  });
}
