import type { FastifyInstance } from 'fastify';
import { itemTitle } from '../../domain/items.ts';
import {
  listVisibleNotifications,
  markNotificationsRead,
  NOTIFICATION_KINDS,
  notificationPlace,
  pendingStateOf,
  type NotificationFilter,
  type NotificationItem,
  type NotificationKind,
} from '../../domain/notifications.ts';
import { invalidParam } from '../../errors.ts';
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
  /** The comment liked, or the comment written (`comment`). */
  comment_id?: number;
  timestamp: number;
  is_read: boolean;
  /** event_invite: the reader's answer now (null when no longer on the event). */
  rsvp?: string | null;
  /** event_request, friend_request: whether the request still waits for the reader's answer. */
  is_pending?: boolean;
  /** friend_request, while pending: the request to accept or decline. */
  request_id?: number;
}

/** `types`: a comma-separated list of notification kinds, each one known. */
function kindsOf(raw: string): NotificationKind[] {
  const kinds = raw.split(',').map((k) => k.trim());
  const unknown = kinds.find((k) => !(NOTIFICATION_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw invalidParam('types', `must list notification types among ${NOTIFICATION_KINDS.join(', ')}`);
  return [...new Set(kinds as NotificationKind[])];
}

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page?: number; limit?: number; types?: string; before_id?: number } }>(
    '/notifications',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            types: { type: 'string', maxLength: 200 },
            before_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
      },
    },
    async (req) => {
      const me = userOf(req);
      const filter: NotificationFilter = {};
      if (req.query.types !== undefined) filter.kinds = kindsOf(req.query.types);
      if (req.query.before_id !== undefined) {
        filter.after = await notificationPlace(app.db, me, req.query.before_id);
        if (!filter.after) throw invalidParam('before_id', 'must be one of your notifications');
      }
      const found = await listVisibleNotifications(app.db, app.config, me, paging(req.query), filter);
      const stateOf = await pendingStateOf(
        app.db,
        me,
        found.map((f) => f.row),
      );
      const data: NotificationView[] = found.map(({ row, target }) => ({
        id: row.id,
        type: row.kind,
        owner: toOwnerSummary(app.config, { id: row.actor_id, full_name: row.actor_name, avatar_key: row.actor_avatar }),
        item: { type: target.item.type, id: target.item.id, title: itemTitle(target.item) },
        ...(target.commentId !== undefined
          ? { comment_id: target.commentId }
          : row.kind === 'comment' && row.source_type === 'comment' && row.source_id !== null
            ? { comment_id: row.source_id }
            : {}),
        timestamp: row.created_at,
        is_read: row.read_at !== null,
        ...stateOf(row),
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
