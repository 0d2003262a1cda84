import type { FastifyInstance, FastifyRequest } from 'fastify';
import { itemTitle } from '../../domain/items.ts';
import {
  listVisibleNotifications,
  markNotificationsRead,
  markNotificationsSeen,
  NOTIFICATION_KINDS,
  notificationPlace,
  pendingStateOf,
  type NotificationFilter,
  type NotificationItem,
  type NotificationKind,
  type NotificationRow,
  type NotificationTarget,
} from '../../domain/notifications.ts';
import { groupMembersOf, listNotificationGroups } from '../../domain/notification-groups.ts';
import { invalidParam } from '../../errors.ts';
import { getOwnerSummaries, toOwnerSummary, type OwnerSummary } from '../../domain/owners.ts';
import { clampLimit, paging, pagingQuery } from '../../http/paging.ts';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../events/schedule.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import type { Infer } from '../../http/schemas.ts';

// Our extension: the notification list behind notification_count (GET /activities/updates), the
// same grouped, and marking it read or seen. Legacy notification.get reads the same notifications (domain/notifications.ts).

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
  /** group_invite: the reader's row in the group now (member, officer, invited; null when none). */
  membership?: string | null;
  /** event_request, group_request, friend_request: whether the request still waits for the reader's answer. */
  is_pending?: boolean;
  /** friend_request, while pending: the request to accept or decline. */
  request_id?: number;
  /** What its actor wrote to the reader with it (group_reject), when they wrote anything. */
  message?: string;
}

/** One group of notifications (GET /activities/notifications/groups). */
export interface NotificationGroupView extends Omit<NotificationView, 'id' | 'owner'> {
  /** Stable across pages: the kind, the thing and the reader's day for likes and shares; `ungrouped-{id}` else. */
  group_key: string;
  notifications_count: number;
  /** The people in it (one may have shared twice). */
  owners_count: number;
  /** The latest few people, newest first. */
  sample_owners: OwnerSummary[];
  /** The group's place in the list: the cursor (before_id) that goes on after it, and what to mark read or seen. */
  most_recent_notification_id: number;
  /** Every notification of the group seen in the bell's panel, or read. */
  is_seen: boolean;
}

const filterQuery = {
  types: { type: 'string', maxLength: 200 },
  before_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
} as const;

/** `tz`: the IANA zone whose days group (UTC without it). */
const zoneSchema = { type: 'string', maxLength: 64 } as const;
function zoneOf(tz: string | undefined): string {
  const zone = tz === undefined ? DEFAULT_TIME_ZONE : canonicalTimeZone(tz);
  if (zone === undefined) throw invalidParam('tz', 'must be an IANA time zone');
  return zone;
}

/** What a notification is about, as the list and the groups say it. */
function aboutOf(row: NotificationRow, target: NotificationTarget): Pick<NotificationView, 'item' | 'comment_id' | 'message'> {
  return {
    item: { type: target.item.type, id: target.item.id, title: itemTitle(target.item) },
    ...(row.message ? { message: row.message } : {}),
    ...(target.commentId !== undefined
      ? { comment_id: target.commentId }
      : row.kind === 'comment' && row.source_type === 'comment' && row.source_id !== null
        ? { comment_id: row.source_id }
        : {}),
  };
}

/** `types`: a comma-separated list of notification kinds, each one known. */
function kindsOf(raw: string): NotificationKind[] {
  const kinds = raw.split(',').map((k) => k.trim());
  const unknown = kinds.find((k) => !(NOTIFICATION_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw invalidParam('types', `must list notification types among ${NOTIFICATION_KINDS.join(', ')}`);
  return [...new Set(kinds as NotificationKind[])];
}

const listQuery = { type: 'object', properties: { ...pagingQuery, ...filterQuery } } as const;
const groupsQuery = { type: 'object', properties: { limit: pagingQuery.limit, ...filterQuery, tz: zoneSchema } } as const;
const seenBody = { type: 'object', properties: { max_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } as const;
const readBody = {
  type: 'object',
  properties: { ...seenBody.properties, group_key: { type: 'string', maxLength: 100 }, tz: zoneSchema },
} as const;

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all (docs/api.md, "Notifications" and the entries after it).
  extensionRoutes(app, 'The spec names notifications in the activities scope and shows no operation for them.');
  /** `types` and `before_id`, as the list and the groups read them. */
  const filterOf = async (me: number, q: { types?: string; before_id?: number }): Promise<NotificationFilter> => {
    const filter: NotificationFilter = {};
    if (q.types !== undefined) filter.kinds = kindsOf(q.types);
    if (q.before_id !== undefined) {
      filter.after = await notificationPlace(app.db, me, q.before_id);
      if (!filter.after) throw invalidParam('before_id', 'must be one of your notifications');
    }
    return filter;
  };

  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/notifications',
    {
      schema: {
        summary: "The reader's notifications, newest first",
        querystring: listQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const filter = await filterOf(me, req.query);
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
        ...aboutOf(row, target),
        timestamp: row.created_at,
        is_read: row.read_at !== null,
        ...stateOf(row),
      }));
      return { success: true, data };
    },
  );

  // Grouped, paged by group (Mastodon's GET /api/v2/notifications on this API's paths and words).
  app.get<{ Querystring: Infer<typeof groupsQuery> }>(
    '/notifications/groups',
    {
      schema: {
        summary: "The reader's notifications in groups (likes and shares of one thing on one day)",
        querystring: groupsQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const filter = await filterOf(me, req.query);
      const groups = await listNotificationGroups(app.db, app.config, me, clampLimit(req.query.limit), zoneOf(req.query.tz), filter);
      const stateOf = await pendingStateOf(
        app.db,
        me,
        groups.map((g) => g.head),
      );
      const owners = await getOwnerSummaries(
        app.db,
        app.config,
        groups.flatMap((g) => g.sampleOwnerIds),
      );
      const data: NotificationGroupView[] = groups.map((g) => ({
        group_key: g.key,
        type: g.head.kind,
        notifications_count: g.count,
        owners_count: g.ownerCount,
        sample_owners: g.sampleOwnerIds.flatMap((id) => owners.get(id) ?? []),
        most_recent_notification_id: g.head.id,
        ...aboutOf(g.head, g.target),
        timestamp: g.head.created_at,
        is_read: g.isRead,
        is_seen: g.isSeen,
        ...stateOf(g.head),
      }));
      return { success: true, data };
    },
  );

  const markOptions = {
    schema: { body: seenBody },
    // max_id is optional, so the request may come with no body at all.
    preValidation: async (req: FastifyRequest) => {
      req.body ??= {};
    },
  };

  // group_key (with the tz the groups were listed in): only that group's, as when its row is opened.
  app.post<{ Body: Infer<typeof readBody> }>(
    '/notifications/read',
    {
      ...markOptions,
      schema: {
        summary: 'Mark notifications read: all, up to max_id, or one group',
        body: readBody,
      },
    },
    async (req) => {
      const me = userOf(req);
      const { max_id: maxId, group_key: key } = req.body;
      const only = key === undefined ? undefined : groupMembersOf(key, zoneOf(req.body.tz));
      if (key !== undefined && !only) throw invalidParam('group_key', 'must be a group_key of GET /activities/notifications/groups');
      await markNotificationsRead(app.db, me, maxId, only);
      return {
        success: true,
        data: {
          message:
            key !== undefined
              ? 'Those notifications were marked read.'
              : maxId === undefined
                ? 'Your notifications were marked read.'
                : `Your notifications up to ${maxId} were marked read.`,
        },
      };
    },
  );

  // The bell's panel showed them (Mastodon's notifications marker): they leave notification_count, still unread.
  app.post<{ Body: Infer<typeof seenBody> }>(
    '/notifications/seen',
    { ...markOptions, schema: { ...markOptions.schema, summary: 'Mark notifications seen: they leave the count, still unread' } },
    async (req) => {
      const maxId = req.body.max_id;
      await markNotificationsSeen(app.db, userOf(req), maxId);
      return {
        success: true,
        data: {
          message: maxId === undefined ? 'Your notifications were marked seen.' : `Your notifications up to ${maxId} were marked seen.`,
        },
      };
    },
  );
}
