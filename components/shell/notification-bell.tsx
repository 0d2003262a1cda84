'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { NOTIFICATION_COUNT_EVENT } from '@/components/notifications/count-event';
import { BellIcon } from '@/components/ui/icons';
import { routes } from '@/lib/routes';

export type NotificationBellProps = {
  /** Unread notifications; null while unknown (still loading, or the site would not say). */
  count: number | null;
};

/** The bell: a link to the notification list, with the unread count. The count follows what the page learns. */
export function NotificationBell({ count: initial }: NotificationBellProps) {
  const [count, setCount] = useState(initial);
  // A new count from the server (the next page) replaces the one the page learnt.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setCount(initial);
  }
  const pathname = usePathname();
  useEffect(() => {
    const onCount = (event: Event) => {
      const n = (event as CustomEvent<unknown>).detail;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) setCount(n);
    };
    window.addEventListener(NOTIFICATION_COUNT_EVENT, onCount);
    return () => window.removeEventListener(NOTIFICATION_COUNT_EVENT, onCount);
  }, []);

  const unread = count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      href={routes.notifications}
      aria-label={label}
      title={label}
      aria-current={pathname === routes.notifications ? 'page' : undefined}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span
          data-testid="notification-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
