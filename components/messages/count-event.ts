/**
 * The envelope's count (unread conversations), as the bell's poll learns it (components/notifications/bell-poll.ts):
 * window.dispatchEvent(new CustomEvent(MESSAGE_COUNT_EVENT, { detail: 2 })).
 */
export const MESSAGE_COUNT_EVENT = 'social:message-count';
