import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { checkCategory } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listBlogs } from '../../data/blogs.ts';
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
import { countsView, ownedItemReadRoutes, type OwnedListQuery } from '../../http/read-routes.ts';
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
    const rows = await listBlogs(app.db, {
      me,
      mine,
      userId: q.user_id,
      onlyFriends: q.show === 'only_my_friend',
      categoryId: q.category_id,
      keywords: q.keywords?.trim(),
      sort: q.sort,
      limit,
      offset,
    });
    return { success: true, data: await presentBlogs(app.db, app.config, viewer, rows, fields) };
  }

  ownedItemReadRoutes<ListQuery>(app, 'blog posts', listProperties, list, async (req) => {
    const fields = parseFields(req.query.fields, BLOG_DETAIL_ALLOWED, 'fields', BLOG_DETAIL_FIELDS) as BlogField[];
    const viewer = viewerOf(app.db, req.auth.userId);
    let row = await getVisibleBlog(app.db, viewer, req.params.id);
    if (!isBlogOwner(viewer, row) && countsView(req.query)) {
      await countView(app.db, 'blogs', row.id);
      // total_view (an extension) counts this reading too.
      row = { ...row, view_count: row.view_count + 1 };
    }
    const [blog] = await presentBlogs(app.db, app.config, viewer, [row], fields);
    return { success: true, data: blog };
  });
}
