import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { isItemType, loadItems, webHref, type Item, type ItemType } from '../../domain/items.ts';
import { countUnreadNotifications } from '../../domain/notifications.ts';
import { ownerImgs } from '../../domain/owners.ts';
import { list, single } from '../envelope.ts';
import { countOf, ownUserOnly, pageOf, type LegacyMethod } from './context.ts';

const NOUNS: Record<ItemType | 'comment', string> = {
  activity: 'post', album: 'album', photo: 'photo', blog: 'blog', classified: 'listing', event: 'event', comment: 'comment',
};
const VERBS = { like: 'liked', comment: 'commented on', share: 'shared' } as const;

interface NotificationRow {
  id: number;
  kind: 'like' | 'comment' | 'share';
  item_type: string;
  item_id: number;
  actor_name: string;
  actor_avatar: string | null;
}

/** The items the notifications are about (a liked comment stands for the item it is on), in a few queries. */
async function itemsOf(db: DB, config: Config, rows: NotificationRow[]) {
  const commentIds = rows.filter((r) => r.item_type === 'comment').map((r) => r.item_id);
  const comments = commentIds.length
    ? await db.selectFrom('comments').select(['id', 'item_type', 'item_id']).where('id', 'in', commentIds).execute()
    : [];
  const commentOn = new Map(comments.map((c) => [c.id, c]));
  const wanted = new Map<ItemType, number[]>();
  const ref = (r: NotificationRow): { type: string; id: number } | undefined => {
    if (r.item_type !== 'comment') return { type: r.item_type, id: r.item_id };
    const c = commentOn.get(r.item_id);
    return c && { type: c.item_type, id: c.item_id };
  };
  for (const r of rows) {
    const target = ref(r);
    if (target && isItemType(target.type)) wanted.set(target.type, [...(wanted.get(target.type) ?? []), target.id]);
  }
  const loaded = new Map<string, Item>();
  for (const [type, ids] of wanted) {
    for (const [id, item] of await loadItems(db, config, type, ids)) loaded.set(`${type}:${id}`, item);
  }
  return (r: NotificationRow) => {
    const target = ref(r);
    return target ? loaded.get(`${target.type}:${target.id}`) : undefined;
  };
}

function messageOf(r: NotificationRow, item: Item | undefined): string {
  const noun = NOUNS[r.item_type as ItemType | 'comment'] ?? 'item';
  // Activities have no title of their own (theirs is the owner's name).
  const title = r.item_type !== 'comment' && r.item_type !== 'activity' && item?.title ? ` “${item.title}”` : '';
  return `${r.actor_name} ${VERBS[r.kind]} your ${noun}${title}.`;
}

export const getNewNotificationCount: LegacyMethod = {
  async run(ctx) {
    return single(await countUnreadNotifications(ctx.db, ownUserOnly(ctx, 'notifications')));
  },
};

/**
 * notification.get: the user's notifications, newest first. Reading them marks them all read
 * (users.notifications_read_at, which notification.getNewCount and GET /activities/updates count from).
 */
export const getNotifications: LegacyMethod = {
  async run(ctx) {
    const me = ownUserOnly(ctx, 'notifications');
    const { page, offset, limit } = pageOf(ctx);
    const total = await countOf(ctx.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', me));
    const rows = await ctx.db
      .selectFrom('notifications as n')
      .innerJoin('users as a', 'a.id', 'n.actor_id')
      .select(['n.id', 'n.kind', 'n.item_type', 'n.item_id', 'a.full_name as actor_name', 'a.avatar_key as actor_avatar'])
      .where('n.user_id', '=', me)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const itemOf = await itemsOf(ctx.db, ctx.config, rows);
    // Counting is by whole seconds: read up to now, or up to the newest one should its clock run ahead.
    const newest = await ctx.db.selectFrom('notifications').select((eb) => eb.fn.max('created_at').as('t')).where('user_id', '=', me).executeTakeFirst();
    await ctx.db.updateTable('users').set({ notifications_read_at: Math.max(now(), Number(newest?.t ?? 0)) }).where('id', '=', me).execute();
    return list(
      rows.map((r) => {
        const item = itemOf(r);
        return {
          notification_id: r.id,
          link: item?.href ?? ctx.config.webOrigin,
          message: messageOf(r, item),
          icon: ownerImgs(ctx.config, r.actor_avatar).icon,
        };
      }),
      total,
      page,
    );
  },
};
