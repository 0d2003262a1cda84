'use client';

import { useEffect } from 'react';
import { callAction } from '@/lib/action-result';
import { markRead, markSeen } from './actions';
import { NOTIFICATION_COUNT_EVENT } from './count-event';

/** Marks what was shown (read: the list; seen: the bell's panel), and tells the bell its new count. */
export function useMarkShown(maxId: number, how: 'read' | 'seen'): void {
  useEffect(() => {
    if (!maxId) return;
    void callAction(() => (how === 'read' ? markRead : markSeen)({ maxId })).then((res) => {
      if (res.ok) window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: res.data.unread }));
    });
  }, [maxId, how]);
}

/** Once the list is shown: marks what it showed read, and the bell's count drops. */
export function MarkRead({ maxId }: { maxId: number }) {
  useMarkShown(maxId, 'read');
  return null;
}
