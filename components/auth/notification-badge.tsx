'use client';

import { useEffect, useState } from 'react';

/**
 * Anything that learns a newer count (the feed's poll of /activities/updates) can tell the
 * header: window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: 3 })).
 */
export const NOTIFICATION_COUNT_EVENT = 'social:notification-count';

export type NotificationBadgeProps = {
  count: number;
};

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-5">
      <path d="M6 9a6 6 0 1 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9Z" />
      <path d="M10 19a2 2 0 0 0 4 0" />
    </svg>
  );
}

/** The number of unread notifications, when there are any. Announced politely when it changes. */
export function NotificationBadge({ count: initial }: NotificationBadgeProps) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    const onCount = (event: Event) => {
      const n = (event as CustomEvent<unknown>).detail;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) setCount(n);
    };
    window.addEventListener(NOTIFICATION_COUNT_EVENT, onCount);
    return () => window.removeEventListener(NOTIFICATION_COUNT_EVENT, onCount);
  }, []);

  const label = `${count} new notification${count === 1 ? '' : 's'}`;
  return (
    <span role="status" className="inline-flex">
      {count > 0 ? (
        <span title={label} className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 dark:text-slate-300">
          <BellIcon />
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
            {count > 99 ? '99+' : count}
          </span>
          <span className="sr-only">{label}</span>
        </span>
      ) : null}
    </span>
  );
}
