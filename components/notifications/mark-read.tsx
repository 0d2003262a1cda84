'use client';

import { useEffect } from 'react';
import { callAction } from '@/lib/action-result';
import { markRead } from './actions';
import { NOTIFICATION_COUNT_EVENT } from './count-event';

/** Once the list is shown: marks what it showed read, and the bell's count drops. */
export function MarkRead({ maxId }: { maxId: number }) {
  useEffect(() => {
    void callAction(() => markRead({ maxId })).then((res) => {
      if (res.ok) window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: res.data.unread }));
    });
  }, [maxId]);
  return null;
}
