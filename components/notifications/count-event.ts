/**
 * Anything that learns a newer unread count (the feed's poll of /activities/updates, opening
 * the list) tells the header's bell: window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: 3 })).
 */
export const NOTIFICATION_COUNT_EVENT = 'social:notification-count';
