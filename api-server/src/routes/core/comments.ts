import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam, notFound } from '../../errors.ts';
import { pagingQuery, paging } from '../../http/paging.ts';
import { canDeleteComment, listComments, presentComments } from '../../domain/comments.ts';
import { deleteCommentTraces } from '../../domain/item-traces.ts';
import { canComment, getVisibleItem } from '../../domain/items.ts';
import { notify } from '../../domain/notifications.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { itemProperties } from './item-params.ts';
import { createComment, deleteComment, getCommentOnItem } from '../../data/comments.ts';
import type { Infer } from '../../http/schemas.ts';
import { transact } from '../../db/dialect.ts';

const BODY_MAX = 5000;

const commentsQuery = {
  type: 'object',
  properties: { ...itemProperties, ...pagingQuery },
  required: ['item_type', 'item_id'],
} as const;
const newComment = {
  type: 'object',
  properties: { ...itemProperties, body: { type: 'string', maxLength: BODY_MAX } },
  required: ['item_type', 'item_id', 'body'],
} as const;
const commentQuery = {
  type: 'object',
  properties: { ...itemProperties, comment_id: { type: 'integer', minimum: 1 } },
  required: ['item_type', 'item_id', 'comment_id'],
} as const;

export default async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof commentsQuery> }>(
    '/comments',
    {
      schema: {
        summary: 'The comments on an item',
        querystring: commentsQuery,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, req.auth.userId);
      const item = await getVisibleItem(app.db, app.config, viewer, req.query.item_type, req.query.item_id);
      const { limit, offset } = paging(req.query);
      const rows = await listComments(app.db, item.type, item.id, limit, offset);
      return { success: true, data: await presentComments(app.db, app.config, viewer, () => item.ownerId, rows) };
    },
  );

  app.post<{ Body: Infer<typeof newComment> }>(
    '/comments',
    {
      schema: {
        summary: 'Comment on an item',
        body: newComment,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const item = await getVisibleItem(app.db, app.config, viewer, req.body.item_type, req.body.item_id);
      if (!(await canComment(viewer, item))) throw forbidden('You may not comment on this item.');
      const body = req.body.body.trim();
      if (!body) throw invalidParam('body', 'must not be empty');
      const id = await createComment(app.db, { itemType: item.type, itemId: item.id, ownerId: me, body, at: now() });
      await notify(app.db, {
        userId: item.ownerId,
        actorId: me,
        kind: 'comment',
        itemType: item.type,
        itemId: item.id,
        source: { type: 'comment', id },
      });
      // id is our extension, so that a client can address the new comment.
      return { success: true, data: { message: 'Your comment was added.', id } };
    },
  );

  app.delete<{ Querystring: Infer<typeof commentQuery> }>(
    '/comments',
    {
      schema: {
        summary: 'Delete a comment',
        querystring: commentQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const item = await getVisibleItem(app.db, app.config, viewer, req.query.item_type, req.query.item_id);
      const comment = await getCommentOnItem(app.db, { commentId: req.query.comment_id, itemType: item.type, itemId: item.id });
      if (!comment) throw notFound('The comment was not found on this item.');
      if (!canDeleteComment(viewer, item, comment)) throw forbidden('Only its author or the owner of the item may delete this comment.');
      await transact(app.db, async (trx) => {
        await deleteCommentTraces(trx, [comment.id]);
        await deleteComment(trx, comment.id);
      });
      return { success: true, data: { message: 'The comment was deleted.' } };
    },
  );
}
