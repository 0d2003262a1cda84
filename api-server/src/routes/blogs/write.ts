import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam, missingParam } from '../../errors.ts';
import { checkCategory, privacyParam } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { cleanRichText } from '../../domain/rich-text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getVisibleBlog, isBlogOwner } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { deleteBlog, insertBlog, updateBlog } from '../../data/blogs.ts';

const BLOG_TITLE_MAX = 255;
const BLOG_BODY_MAX = 65_535;

// No schema defaults: an edit that leaves out is_draft, allow_search, privacy or tags keeps them.
const blogForm = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: BLOG_TITLE_MAX },
    tags: { type: 'string', maxLength: 1000 },
    category_id: { type: 'integer', minimum: 1 },
    is_draft: { type: 'integer', enum: [0, 1] },
    body: { type: 'string', maxLength: BLOG_BODY_MAX },
    allow_search: { type: 'integer', enum: [0, 1] },
    auth_view: privacyParam,
    auth_comment: privacyParam,
  },
  required: ['title', 'category_id', 'body'],
} as const;
type BlogForm = Infer<typeof blogForm>;

/** Title and body as stored: the title is plain text, the body simple HTML (domain/rich-text.ts). */
function cleanForm(b: BlogForm): { title: string; body: string } {
  const title = b.title.trim();
  if (!title) throw missingParam('title');
  if (!b.body.trim()) throw missingParam('body');
  const body = cleanRichText(b.body);
  if (!body) throw invalidParam('body', 'has no text once markup that is not allowed is removed');
  return { title, body };
}

export default async function blogWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: BlogForm }>('/', { schema: { summary: 'Write a blog post (or a draft)', body: blogForm } }, async (req) => {
    const me = userOf(req);
    const b = req.body;
    const { title, body } = cleanForm(b);
    await checkCategory(app.db, 'blog', b.category_id);
    const t = now();
    const id = await insertBlog(app.db, {
      ownerId: me,
      values: {
        title,
        body,
        category_id: b.category_id,
        is_draft: b.is_draft ?? 0,
        allow_search: b.allow_search ?? 1,
        auth_view: b.auth_view ?? 'everyone',
        auth_comment: b.auth_comment ?? 'everyone',
      },
      tags: b.tags,
      at: t,
    });
    return { success: true, data: { id } };
  });

  app.post<{ Params: IdParams; Body: BlogForm }>(
    '/:id',
    { schema: { summary: 'Edit a blog post', params: idParams, body: blogForm } },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const row = await getVisibleBlog(app.db, viewer, req.params.id);
      if (!isBlogOwner(viewer, row)) throw forbidden('Only its owner may edit this blog.');
      const b = req.body;
      const { title, body } = cleanForm(b);
      await checkCategory(app.db, 'blog', b.category_id);
      const t = now();
      const isDraft = b.is_draft ?? row.is_draft;
      await updateBlog(app.db, {
        id: row.id,
        values: {
          title,
          body,
          category_id: b.category_id,
          is_draft: isDraft,
          allow_search: b.allow_search ?? row.allow_search,
          auth_view: b.auth_view ?? row.auth_view,
          auth_comment: b.auth_comment ?? row.auth_comment,
        },
        tags: b.tags,
        publishedNow: row.is_draft === 1 && isDraft === 0,
        at: t,
      });
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete a blog post', params: idParams } }, async (req) => {
    const me = userOf(req);
    const viewer = viewerOf(app.db, me);
    const row = await getVisibleBlog(app.db, viewer, req.params.id);
    if (!isBlogOwner(viewer, row)) throw forbidden('Only its owner may delete this blog.');
    await deleteBlog(app.db, row.id);
    return { success: true, data: { message: 'The blog was deleted.' } };
  });
}
