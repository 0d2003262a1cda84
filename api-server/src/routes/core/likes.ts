import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { pagingQuery, paging } from '../../http/paging.ts';
import { canLike, getVisibleItem, type Item } from '../../domain/items.ts';
import { addLike, listLikers, removeLike } from '../../domain/likes.ts';
import { notify, withdrawNotification } from '../../domain/notifications.ts';
import { getOwnerSummaries } from '../../domain/owners.ts';
import { viewerOf, type Viewer } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { itemProperties } from './item-params.ts';
import { getCommentOnItem } from '../../data/comments.ts';
import type { Infer } from '../../http/schemas.ts';
import { extensionParam } from '../../openapi/marks.ts';

const likeSchema = {
  type: 'object',
  properties: { ...itemProperties, comment_id: { type: 'integer', minimum: 1 } },
  required: ['item_type', 'item_id'],
} as const;
type LikeParams = Infer<typeof likeSchema>;

// comment_id is our extension here: the likers of one comment of the item.
const likersQuery = {
  ...likeSchema,
  properties: {
    ...likeSchema.properties,
    comment_id: { ...likeSchema.properties.comment_id, ...extensionParam('the likers of one comment of the item.') },
    ...pagingQuery,
  },
} as const;

/**
 * What a like is about: the item, or (comment_id) one comment of that item; with the user to
 * tell about it. 404 when the item is hidden from the reader or the comment is not on it.
 */
async function likeTarget(app: FastifyInstance, viewer: Viewer, p: LikeParams) {
  const item: Item = await getVisibleItem(app.db, app.config, viewer, p.item_type, p.item_id);
  if (p.comment_id === undefined) return { item, type: item.type as string, id: item.id, ownerId: item.ownerId };
  const comment = await getCommentOnItem(app.db, { commentId: p.comment_id, itemType: item.type, itemId: item.id });
  if (!comment) throw notFound('The comment was not found on this item.');
  return { item, type: 'comment', id: comment.id, ownerId: comment.owner_id };
}

export default async function likeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof likersQuery> }>(
    '/likes',
    {
      schema: {
        summary: 'Who likes an item (or, an extension, one of its comments)',
        querystring: likersQuery,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, req.auth.userId);
      const target = await likeTarget(app, viewer, req.query);
      const { limit, offset } = paging(req.query);
      const ids = await listLikers(app.db, target.type, target.id, limit, offset);
      const owners = await getOwnerSummaries(app.db, app.config, ids);
      return { success: true, data: ids.flatMap((id) => owners.get(id) ?? []) };
    },
  );

  app.post<{ Body: LikeParams }>(
    '/likes',
    { schema: { summary: 'Like an item or one of its comments', body: likeSchema } },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const target = await likeTarget(app, viewer, req.body);
      if (!(await canLike(viewer, target.item))) throw forbidden('You may not like this item.');
      if (!(await addLike(app.db, target.type, target.id, me))) throw badRequest('You already like this.');
      await notify(app.db, { userId: target.ownerId, actorId: me, kind: 'like', itemType: target.type, itemId: target.id });
      return { success: true, data: { message: target.type === 'comment' ? 'You liked the comment.' : 'You liked the item.' } };
    },
  );

  app.delete<{ Querystring: LikeParams }>(
    '/likes',
    { schema: { summary: 'Stop liking an item or one of its comments', querystring: likeSchema } },
    async (req) => {
      const me = userOf(req);
      const target = await likeTarget(app, viewerOf(app.db, me), req.query);
      if (!(await removeLike(app.db, target.type, target.id, me))) throw badRequest('You do not like this.');
      await withdrawNotification(app.db, { actorId: me, kind: 'like', itemType: target.type, itemId: target.id });
      return {
        success: true,
        data: { message: target.type === 'comment' ? 'You no longer like the comment.' : 'You no longer like the item.' },
      };
    },
  );
}
