import type { NotificationKind } from '../social-api/activities.ts';
import { id, listQuery, oneOf, type QueryOf } from '../list-query.ts';

/** The list's filters: the tabs, and the kinds each asks the API for (all of them without one). */
export const NOTIFICATION_FILTERS = {
  mentions: { label: 'Mentions and comments', kinds: ['comment', 'tag', 'wall_post'] },
  likes: { label: 'Likes and shares', kinds: ['like', 'share'] },
  events: { label: 'Events', kinds: ['event_invite', 'event_request'] },
  friends: { label: 'Friends', kinds: ['friend_request', 'friend_accept'] },
} as const satisfies Record<string, { label: string; kinds: readonly NotificationKind[] }>;

export type NotificationFilterName = keyof typeof NOTIFICATION_FILTERS;

/**
 * The list as the URL says it (/notifications?kind=likes&before=812): a filter, and where the page
 * starts (a cursor: the last notification of the page before; the newest without it).
 */
export const notificationList = listQuery({
  kind: oneOf(...(Object.keys(NOTIFICATION_FILTERS) as NotificationFilterName[])),
  before: id,
});

export type NotificationListQuery = QueryOf<typeof notificationList>;
