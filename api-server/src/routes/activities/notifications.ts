import type { FastifyInstance } from 'fastify';
import { itemTitle } from '../../domain/items.ts';
import {
  listVisibleNotifications,
  markNotificationsRead,
  type NotificationItem,
  type NotificationKind,
} from '../../domain/notifications.ts';
import { toOwnerSummary, type OwnerSummary } from '../../domain/owners.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { userOf } from '../../oauth/resource-auth.ts';

// Our extension: the notification list behind notification_count (GET /activities/updates),
// and marking it read. Legacy notification.get reads the same notifications (domain/notifications.ts).

export interface NotificationView {
  id: number;
  type: NotificationKind;
  /** Who did it. */
  owner: OwnerSummary;
  /** What it is about; for a liked comment, the item the comment is on; a member for friend requests. */
  item: { type: NotificationItem['type']; id: number; title: string };
  comment_id?: number;
  timestamp: number;
  is_read: boolean;
}

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '/notifications',
    {
      schema: { querystring: { type: 'object', properties: { ...pagingQuery } } },
    },
    async (req) => {
      const me = userOf(req);
      const found = await listVisibleNotifications(app.db, app.config, me, paging(req.query));
      const data: NotificationView[] = found.map(({ row, target }) => ({
        id: row.id,
        type: row.kind,
        owner: toOwnerSummary(app.config, { id: row.actor_id, full_name: row.actor_name, avatar_key: row.actor_avatar }),
        item: { type: target.item.type, id: target.item.id, title: itemTitle(target.item) },
        ...(target.commentId !== undefined ? { comment_id: target.commentId } : {}),
        timestamp: row.created_at,
        is_read: row.read_at !== null,
      }));
      return { success: true, data };
    },
  );

  app.post<{ Body: { max_id?: number } }>(
    '/notifications/read',
    {
      schema: {
        body: { type: 'object', properties: { max_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } },
      },
      // max_id is optional, so the request may come with no body at all.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => {
      const me = userOf(req);
      const maxId = req.body.max_id;
      await markNotificationsRead(app.db, me, maxId);
      return {
        success: true,
        data: {
          message: maxId === undefined ? 'Your notifications were marked read.' : `Your notifications up to ${maxId} were marked read.`,
        },
      };
    },
  );
}
