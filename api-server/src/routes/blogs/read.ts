import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { checkCategory } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listedFor, ownedByFriendOf, visibleTo } from '../../domain/visibility.ts';
import { containsText } from '../../db/text.ts';
import { richTextSearchTerm } from '../../domain/rich-text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import {
  BLOG_DETAIL_ALLOWED,
  BLOG_DETAIL_FIELDS,
  BLOG_LIST_ALLOWED,
  BLOG_LIST_FIELDS,
  type BlogField,
  getVisibleBlog,
  isBlogOwner,
  presentBlogs,
} from './present.ts';
import { ownedItemReadRoutes, type OwnedListQuery } from '../../http/read-routes.ts';
import { countView } from '../../domain/views.ts';

const listProperties = {
  keywords: { type: 'string', maxLength: 255 },
  sort: { type: 'string', enum: ['creation_date', 'view_count'] },
  show: { type: 'string', enum: ['everyone', 'only_my_friend'] },
  category_id: { type: 'integer', minimum: 1 },
  ...pagingQuery,
  fields: { type: 'string', maxLength: 400 },
} as const;

type ListQuery = OwnedListQuery<typeof listProperties>;

/**
 * The blogs other people's lists show the reader (alias `b`): published, what they may see and
 * what allow_search lets them list. The list and a member's counts (GET /users/{id}) share it.
 */
export function blogsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(b.is_draft = 0 and ${visibleTo('b', readerId)} and ${listedFor('b', readerId)})`;
}

export default async function blogReadRoutes(app: FastifyInstance): Promise<void> {
  /**
   * /blogs lists published blogs the reader may see (never drafts, not even the reader's own:
   * those are in /blogs/my); allow_search=0 blogs only to their owner. /blogs/my lists all of
   * the reader's blogs, drafts included.
   */
  async function list(req: FastifyRequest<{ Querystring: ListQuery }>, mine: boolean) {
    const q = req.query;
    const fields = parseFields(q.fields, BLOG_LIST_ALLOWED, 'fields', BLOG_LIST_FIELDS) as BlogField[];
    // "My" blogs and "my friends'" blogs need a user; a client-credentials token has neither.
    const me = mine || q.show === 'only_my_friend' ? userOf(req) : req.auth.userId;
    const viewer = viewerOf(app.db, me);
    await checkCategory(app.db, 'blog', q.category_id);
    if (q.user_id !== undefined) await checkUserExists(app.db, q.user_id);
    const { limit, offset } = paging(q);
    let query = app.db.selectFrom('blogs as b').selectAll('b');
    if (mine) {
      query = query.where('b.owner_id', '=', me!);
    } else {
      query = query.where(blogsListedTo(me));
      if (q.user_id !== undefined) query = query.where('b.owner_id', '=', q.user_id);
    }
    if (q.show === 'only_my_friend') query = query.where(ownedByFriendOf('b', me!));
    if (q.category_id !== undefined) query = query.where('b.category_id', '=', q.category_id);
    const keywords = q.keywords?.trim();
    // Keywords are looked for in the title, the body and the tags (a post's tags link to a
    // keyword search for them).
    if (keywords) {
      query =
        query.where(sql<SqlBool>`(${containsText('b.title', keywords)} or ${containsText('b.body', richTextSearchTerm(keywords))} or exists (
        select 1 from item_tags it join tags t on t.id = it.tag_id
        where it.item_type = 'blog' and it.item_id = b.id and ${containsText('t.title', keywords)}))`);
    }
    query =
      q.sort === 'view_count'
        ? query.orderBy('b.view_count', 'desc').orderBy('b.id', 'desc')
        : query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
    const rows = await query.limit(limit).offset(offset).execute();
    return { success: true, data: await presentBlogs(app.db, app.config, viewer, rows, fields) };
  }

  ownedItemReadRoutes<ListQuery>(app, 'blog posts', listProperties, list, async (req) => {
    const fields = parseFields(req.query.fields, BLOG_DETAIL_ALLOWED, 'fields', BLOG_DETAIL_FIELDS) as BlogField[];
    const viewer = viewerOf(app.db, req.auth.userId);
    let row = await getVisibleBlog(app.db, viewer, req.params.id);
    if (!isBlogOwner(viewer, row)) {
      await countView(app.db, 'blogs', row.id);
      // total_view (an extension) counts this reading too.
      row = { ...row, view_count: row.view_count + 1 };
    }
    const [blog] = await presentBlogs(app.db, app.config, viewer, [row], fields);
    return { success: true, data: blog };
  });
}
