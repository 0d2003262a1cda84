import { type ItemType } from '../../domain/items.ts';
import {
  countNewNotifications,
  markNotificationsRead,
  newestNotificationId,
  selectNotifications,
  targetsOf,
  type NotificationKind,
  type NotificationRow,
  type NotificationTarget,
} from '../../domain/notifications.ts';
import { ownerImgs } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { list, single } from '../envelope.ts';
import { ownUserOnly, pageOf, type LegacyMethod } from './context.ts';
import { countNotifications } from '../../data/notifications.ts';

const NOUNS: Record<ItemType | 'comment', string> = {
  activity: 'post',
  album: 'album',
  photo: 'photo',
  blog: 'blog',
  classified: 'listing',
  event: 'event',
  video: 'video',
  music_playlist: 'playlist',
  comment: 'comment',
};
const VERBS: Record<'like' | 'comment' | 'share', string> = { like: 'liked', comment: 'commented on', share: 'shared' };

/**
 * The sentence the site shows for a notification. `target` is undefined when the item is gone or
 * hidden from the reader: the sentence then names no title.
 */
function messageOf(r: NotificationRow, target: NotificationTarget | undefined): string {
  const title = target?.item.title ? ` “${target.item.title}”` : '';
  const kind: NotificationKind = r.kind;
  switch (kind) {
    case 'tag':
      return `${r.actor_name} tagged you in a photo.`;
    case 'event_invite':
      return `${r.actor_name} invited you to ${title ? `the event${title}` : 'an event'}.`;
    case 'event_request':
      return `${r.actor_name} asked to join your event${title}.`;
    case 'group_invite':
      return `${r.actor_name} invited you to join ${title ? `the group${title}` : 'a group'}.`;
    case 'group_request':
      return `${r.actor_name} asked to join your group${title}.`;
    case 'group_approve':
      return `${r.actor_name} approved your request to join the group${title}.`;
    case 'group_reject':
      return `${r.actor_name} declined your request to join the group${title}.`;
    case 'group_add':
      return `${r.actor_name} added you to the group${title}.`;
    case 'friend_request':
      return `${r.actor_name} sent you a friend request.`;
    case 'friend_accept':
      return `${r.actor_name} accepted your friend request.`;
    case 'wall_post':
      return `${r.actor_name} wrote on your wall.`;
    case 'video_processed':
      return `Your video${title} is ready to be watched.`;
    case 'video_failed':
      return `Your video${title} could not be converted.`;
    default: {
      const noun = NOUNS[r.item_type as ItemType | 'comment'] ?? 'item';
      // Activities have no title of their own (theirs is the owner's name); a comment names none.
      const named = r.item_type !== 'comment' && r.item_type !== 'activity' ? title : '';
      return `${r.actor_name} ${VERBS[kind]} your ${noun}${named}.`;
    }
  }
}

export const getNewNotificationCount: LegacyMethod = {
  summary: "`user_id` (optional; the token's own member only). Output: the number of notifications neither read nor seen.",
  async run(ctx) {
    return single(await countNewNotifications(ctx.db, ownUserOnly(ctx, 'notifications')));
  },
};

/**
 * notification.get: the user's notifications, newest first. Reading them marks read every one
 * that existed at that moment (what notification.getNewCount and GET /activities/updates count).
 */
export const getNotifications: LegacyMethod = {
  summary:
    "`user_id` (optional; the token's own member only). Notifications `{notification_id, link, message, icon}`, newest first; marks them read.",
  async run(ctx) {
    const me = ownUserOnly(ctx, 'notifications');
    const { page, offset, limit } = pageOf(ctx);
    // Taken first: one arriving while this answer is made stays unread.
    const newest = await newestNotificationId(ctx.db, me);
    const total = await countNotifications(ctx.db, me);
    const rows = await selectNotifications(ctx.db, me, limit, offset);
    const targetOf = await targetsOf(ctx.db, ctx.config, viewerOf(ctx.db, me), rows);
    if (newest) await markNotificationsRead(ctx.db, me, newest);
    return list(
      rows.map((r) => {
        const target = targetOf(r);
        return {
          notification_id: r.id,
          link: target?.item.href ?? ctx.config.webOrigin,
          message: messageOf(r, target),
          icon: ownerImgs(ctx.config, r.actor_avatar).icon,
        };
      }),
      total,
      page,
    );
  },
};
