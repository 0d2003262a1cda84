import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import type { Database, NotificationKind } from '../db/types.ts';
import { canView, isItemType, loadItems, type Item, type ItemType } from './items.ts';
import { profileUrl } from './owners.ts';
import { viewerOf, type Viewer } from './privacy.ts';
import { daySql } from './zone-days.ts';
import { plainText } from './format.ts';
import { canSeeGroup, membershipOf } from './groups.ts';

export type { NotificationKind };

/** Every kind of notification, as the list's `types` filter names them. */
export const NOTIFICATION_KINDS = [
  'like',
  'comment',
  'share',
  'tag',
  'event_invite',
  'event_request',
  'friend_request',
  'friend_accept',
  'wall_post',
  'group_invite',
  'group_request',
  'group_approve',
  'group_add',
  'group_reject',
  'video_processed',
  'video_failed',
] as const satisfies readonly NotificationKind[];

interface Notice {
  actorId: number;
  kind: NotificationKind;
  /** What it is about: an item type, or 'comment' for a liked comment. */
  itemType: string;
  itemId: number;
  /** What made it (the comment, the share activity, the tag), so that deleting it withdraws the notification. */
  source?: { type: string; id: number };
  /** When it happened (the demo seed's past times); now by default. */
  at?: number;
  /** What the actor wrote to them with it (a request declined). */
  message?: string;
}

/**
 * Tells `userId` that `actorId` liked, commented on or shared their thing, tagged them on a
 * photo, invited them to an event or asked to join theirs, asked to be their friend or accepted
 * their request, or wrote on their wall. Acting on yourself tells nobody.
 */
export async function notify(db: DB, n: Notice & { userId: number }): Promise<void> {
  await notifyEach(db, [n.userId], n);
}

/**
 * What the site itself tells a member of their own thing (a video converted, or not): the member
 * is its actor, so that the notice reads like the others (`notify` tells nobody of their own acts).
 */
export async function notifyOwner(
  db: DB,
  n: { userId: number; kind: Extract<NotificationKind, 'video_processed' | 'video_failed'>; itemType: string; itemId: number },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: n.userId, actor_id: n.userId, kind: n.kind, item_type: n.itemType, item_id: n.itemId, created_at: now() })
    .execute();
}

/** The same notice to each of `userIds` (the people invited to an event), in one statement. */
export async function notifyEach(db: DB, userIds: readonly number[], n: Notice): Promise<void> {
  const to = [...new Set(userIds)].filter((id) => id !== n.actorId);
  if (to.length === 0) return;
  const createdAt = n.at ?? now();
  await db
    .insertInto('notifications')
    .values(
      to.map((userId) => ({
        user_id: userId,
        actor_id: n.actorId,
        kind: n.kind,
        item_type: n.itemType,
        item_id: n.itemId,
        source_type: n.source?.type ?? null,
        source_id: n.source?.id ?? null,
        created_at: createdAt,
        message: n.message || null,
      })),
    )
    .execute();
}

/** Withdraws what `actorId` made of `kind` about the thing: a like taken back, a request to join cancelled. */
export async function withdrawNotification(
  db: DB,
  n: { actorId: number; kind: NotificationKind; itemType: string; itemId: number },
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('kind', '=', n.kind)
    .where('actor_id', '=', n.actorId)
    .where('item_type', '=', n.itemType)
    .where('item_id', '=', n.itemId)
    .execute();
}

/** Removes every notification about these things or made by them (they were deleted). */
export async function deleteNotificationsOf(db: DB, type: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('item_type', '=', type), eb('item_id', 'in', ids)]),
        eb.and([eb('source_type', '=', type), eb('source_id', 'in', ids)]),
      ]),
    )
    .execute();
}

/**
 * Notifications the user has neither read nor seen (the bell's count: GET /activities/updates,
 * notification.getNewCount). Seen ones (the bell's panel showed them) stay unread in the list.
 */
export async function countNewNotifications(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('seen_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the user's newest notification (0 when they have none): what "all of them" means at this moment. */
export async function newestNotificationId(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Marks the user's notifications with id ≤ `maxId` read (all of them without it; `only` those of
 * one group). By id, not by time: one made in the same second as the reading but after it stays unread.
 */
export async function markNotificationsRead(
  db: DB,
  userId: number,
  maxId?: number,
  only?: (eb: ExpressionBuilder<Database, 'notifications'>) => Expression<SqlBool>,
): Promise<void> {
  let query = db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (maxId !== undefined) query = query.where('id', '<=', maxId);
  if (only) query = query.where(only);
  await query.execute();
}

/**
 * Marks seen the user's unread notifications with id ≤ `maxId` (all of them without it): they
 * leave the bell's count and stay unread (new) in the list, as the bell's panel showed them.
 */
export async function markNotificationsSeen(db: DB, userId: number, maxId?: number): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ seen_at: now() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('seen_at', 'is', null);
  if (maxId !== undefined) query = query.where('id', '<=', maxId);
  await query.execute();
}

/** A stored notification with who made it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  item_type: string;
  item_id: number;
  created_at: number;
  read_at: number | null;
  seen_at: number | null;
  actor_id: number;
  actor_name: string;
  actor_avatar: string | null;
  /** What made it (a comment for `comment`), when known. */
  source_type: string | null;
  source_id: number | null;
  /** What the actor wrote with it (group_reject), or null. */
  message: string | null;
}

/**
 * What a notification is about as the reader sees it: an item, or a member (`user`: who asked to
 * be the reader's friend, or accepted the reader's request).
 */
export type NotificationItem = Pick<Item, 'id' | 'title' | 'description' | 'href'> & { type: ItemType | 'user' | 'group' };

/** The item of a notification, and the comment when a comment was liked. */
export interface NotificationTarget {
  item: NotificationItem;
  commentId?: number;
}

/** Which of the user's notifications a list reads: only these kinds; only those after this one (a cursor) in the list's order. */
export interface NotificationFilter {
  kinds?: readonly NotificationKind[];
  /** A notification of the user's: the list goes on from the one after it (older; the same second, a lower id). */
  after?: { id: number; createdAt: number };
  /** Only the newest notification of each group (notification-groups.ts), its days those of this IANA zone. */
  groupHeadsIn?: string;
}

/** Kinds that collapse into one group: many people doing the same to the same thing on the same day. */
export const GROUPED_KINDS = ['like', 'share'] as const satisfies readonly NotificationKind[];

/** A day's notifications span less than this (a day of 25 hours when clocks go back): the index's range for a group. */
export const DAY_SPAN = 25 * 3600 + 1;

/** One page of the user's notifications, newest first, whatever their items. */
export function selectNotifications(
  db: DB,
  userId: number,
  limit: number,
  offset: number,
  filter: NotificationFilter = {},
): Promise<NotificationRow[]> {
  const { kinds, after, groupHeadsIn: zone } = filter;
  return (
    db
      .selectFrom('notifications as n')
      .innerJoin('users as a', 'a.id', 'n.actor_id')
      .select([
        'n.id',
        'n.kind',
        'n.item_type',
        'n.item_id',
        'n.created_at',
        'n.read_at',
        'n.seen_at',
        'n.actor_id',
        'a.full_name as actor_name',
        'a.avatar_key as actor_avatar',
        'n.source_type',
        'n.source_id',
        'n.message',
      ])
      .where('n.user_id', '=', userId)
      .$if(kinds !== undefined && kinds.length > 0, (q) => q.where('n.kind', 'in', kinds!))
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('n.created_at', '<', after!.createdAt),
            eb.and([eb('n.created_at', '=', after!.createdAt), eb('n.id', '<', after!.id)]),
          ]),
        ),
      )
      // A group's newest: a notification of a grouped kind with no newer one of its kind, thing and day.
      .$if(zone !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('n.kind', 'not in', GROUPED_KINDS),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('notifications as m')
                  .select(sql.lit(1).as('newer'))
                  .whereRef('m.user_id', '=', 'n.user_id')
                  .whereRef('m.item_type', '=', 'n.item_type')
                  .whereRef('m.item_id', '=', 'n.item_id')
                  .whereRef('m.kind', '=', 'n.kind')
                  .whereRef('m.created_at', '>=', 'n.created_at')
                  .where('m.created_at', '<', sql<number>`${sql.ref('n.created_at')} + ${sql.lit(DAY_SPAN)}`)
                  .where((m) => m.or([m('m.created_at', '>', m.ref('n.created_at')), m('m.id', '>', m.ref('n.id'))]))
                  .where(sql<boolean>`${daySql('m.created_at', zone!)} = ${daySql('n.created_at', zone!)}`),
              ),
            ),
          ]),
        ),
      )
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}

/**
 * The item of each notification when the reader may see it (items.ts canView): a liked comment
 * stands for the item it is on. Loaded in a few queries (the comments, then one per item type)
 * whatever the number of rows; undefined when the item is gone or hidden from the reader, whose
 * title it would otherwise reveal.
 */
export async function targetsOf(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly NotificationRow[],
): Promise<(row: NotificationRow) => NotificationTarget | undefined> {
  const commentIds = rows.filter((r) => r.item_type === 'comment').map((r) => r.item_id);
  const comments = commentIds.length
    ? await db.selectFrom('comments').select(['id', 'item_type', 'item_id']).where('id', 'in', commentIds).execute()
    : [];
  const commentOn = new Map(comments.map((c) => [c.id, c]));
  const ref = (r: NotificationRow): { type: string; id: number } | undefined => {
    if (r.item_type !== 'comment') return { type: r.item_type, id: r.item_id };
    const c = commentOn.get(r.item_id);
    return c && { type: c.item_type, id: c.item_id };
  };
  const wanted = new Map<ItemType, number[]>();
  for (const r of rows) {
    const target = ref(r);
    if (target && isItemType(target.type)) wanted.set(target.type, [...(wanted.get(target.type) ?? []), target.id]);
  }
  const visible = new Map<string, NotificationItem>();
  for (const [type, ids] of wanted) {
    for (const [id, item] of await loadItems(db, config, type, ids)) {
      if (await canView(viewer, item)) visible.set(`${type}:${id}`, item);
    }
  }
  // Members are seen by every member.
  const userIds = [...new Set(rows.filter((r) => r.item_type === 'user').map((r) => r.item_id))];
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', userIds).execute() : [];
  for (const u of users) {
    visible.set(`user:${u.id}`, { type: 'user', id: u.id, title: u.full_name, description: '', href: profileUrl(config, u.id) });
  }
  for (const g of await visibleGroups(db, viewer.userId, rows)) {
    visible.set(`group:${g.id}`, {
      type: 'group',
      id: g.id,
      title: g.title,
      description: plainText(g.description),
      href: `${config.webOrigin}/groups/${g.id}`,
    });
  }
  return (r) => {
    const target = ref(r);
    const item = target && visible.get(`${target.type}:${target.id}`);
    if (!item) return undefined;
    return r.item_type === 'comment' ? { item, commentId: r.item_id } : { item };
  };
}

/** The groups of these notifications that the reader may see (domain/groups.ts canSeeGroup). */
async function visibleGroups(db: DB, userId: number | null, rows: readonly NotificationRow[]) {
  const ids = [...new Set(rows.filter((r) => r.item_type === 'group').map((r) => r.item_id))];
  if (!ids.length) return [];
  const groups = await db
    .selectFrom('groups as g')
    .leftJoin('group_members as gm', (j) => j.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', userId ?? 0))
    .select(['g.id', 'g.title', 'g.description', 'g.owner_id', 'g.auth_view', 'gm.state'])
    .where('g.id', 'in', ids)
    .execute();
  return groups.filter((g) => canSeeGroup(g, userId !== null, membershipOf(g, userId, g.state ?? undefined)));
}

/** Rows read per query while skipping notifications the reader may not see. */
const SCAN_CHUNK = 200;

/**
 * The notifications of `userId` that they may see, newest first: `limit` of them after skipping
 * `offset` visible ones. Those whose item is gone or hidden are left out before paging, so a
 * page is full unless it is the last and pages neither overlap nor skip any.
 */
export async function listVisibleNotifications(
  db: DB,
  config: Config,
  userId: number,
  page: { limit: number; offset: number },
  filter: NotificationFilter = {},
): Promise<Array<{ row: NotificationRow; target: NotificationTarget }>> {
  const viewer = viewerOf(db, userId);
  const out: Array<{ row: NotificationRow; target: NotificationTarget }> = [];
  // Nearly always everything is visible and the first read is the page itself.
  const chunk = Math.min(SCAN_CHUNK, page.offset + page.limit);
  let skip = page.offset;
  for (let from = 0; ; from += chunk) {
    const rows = await selectNotifications(db, userId, chunk, from, filter);
    const targetOf = await targetsOf(db, config, viewer, rows);
    for (const row of rows) {
      const target = targetOf(row);
      if (!target) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push({ row, target });
      if (out.length === page.limit) return out;
    }
    if (rows.length < chunk) return out;
  }
}

/** Where a notification of the user's stands in their list (a cursor's place); undefined when it is not theirs, or gone. */
export async function notificationPlace(db: DB, userId: number, id: number): Promise<{ id: number; createdAt: number } | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, createdAt: row.created_at };
}

/**
 * What the reader can still do about each notification that asks for an answer, read in one
 * query per kind: the reader's answer to an event invitation (their rsvp now, null when they are
 * no longer on the event), whether a request to join the reader's event is still waiting, and the
 * friend request still waiting from its sender (its id, to accept or decline it).
 */
export async function pendingStateOf(
  db: DB,
  userId: number,
  rows: readonly NotificationRow[],
): Promise<(row: NotificationRow) => { rsvp?: string | null; membership?: string | null; is_pending?: boolean; request_id?: number }> {
  const eventIds = [...new Set(rows.filter((r) => r.kind === 'event_invite' && r.item_type === 'event').map((r) => r.item_id))];
  const mine = eventIds.length
    ? await db
        .selectFrom('event_members')
        .select(['event_id', 'rsvp'])
        .where('user_id', '=', userId)
        .where('event_id', 'in', eventIds)
        .execute()
    : [];
  const rsvpOn = new Map(mine.map((m) => [m.event_id, m.rsvp]));
  const asked = rows.filter((r) => r.kind === 'event_request' && r.item_type === 'event');
  const waiting = asked.length
    ? await db
        .selectFrom('event_members')
        .select(['event_id', 'user_id'])
        .where('rsvp', '=', 'requested')
        .where('event_id', 'in', [...new Set(asked.map((r) => r.item_id))])
        .where('user_id', 'in', [...new Set(asked.map((r) => r.actor_id))])
        .execute()
    : [];
  const stillAsking = new Set(waiting.map((w) => `${w.event_id}:${w.user_id}`));
  const senders = [...new Set(rows.filter((r) => r.kind === 'friend_request').map((r) => r.actor_id))];
  const requests = senders.length
    ? await db
        .selectFrom('friend_requests')
        .select(['id', 'sender_id'])
        .where('recipient_id', '=', userId)
        .where('sender_id', 'in', senders)
        .execute()
    : [];
  const requestFrom = new Map(requests.map((r) => [r.sender_id, r.id]));
  // Groups: the reader's row in a group they were invited to, and who still asks to join one.
  const groupIds = [...new Set(rows.filter((r) => r.item_type === 'group').map((r) => r.item_id))];
  const groupActors = [...new Set(rows.filter((r) => r.kind === 'group_request').map((r) => r.actor_id))];
  const groupRows = groupIds.length
    ? await db
        .selectFrom('group_members')
        .select(['group_id', 'user_id', 'state'])
        .where('group_id', 'in', groupIds)
        .where('user_id', 'in', [userId, ...groupActors])
        .execute()
    : [];
  const groupState = new Map(groupRows.map((g) => [`${g.group_id}:${g.user_id}`, g.state]));
  return (row) => {
    switch (row.kind) {
      case 'event_invite':
        return { rsvp: rsvpOn.get(row.item_id) ?? null };
      case 'event_request':
        return { is_pending: stillAsking.has(`${row.item_id}:${row.actor_id}`) };
      case 'friend_request': {
        const id = requestFrom.get(row.actor_id);
        return id === undefined ? { is_pending: false } : { is_pending: true, request_id: id };
      }
      case 'group_invite':
        return { membership: groupState.get(`${row.item_id}:${userId}`) ?? null };
      case 'group_request':
        return { is_pending: groupState.get(`${row.item_id}:${row.actor_id}`) === 'requested' };
      default:
        return {};
    }
  };
}
