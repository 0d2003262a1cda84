'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { MESSAGE_COUNT_EVENT } from '@/components/messages/count-event';
import { NOTIFICATION_COUNT_EVENT } from '@/components/notifications/count-event';
import { startBellPoll } from '@/components/notifications/bell-poll';
import { useAnnounce } from '@/components/ui/announcer';
import { BellIcon } from '@/components/ui/icons';
import { routes } from '@/lib/routes';

// The panel's code and data load only when the bell is first opened: no page's first load carries them.
const BellPanel = dynamic(() => import('@/components/notifications/bell-panel'), { ssr: false });

export type NotificationBellProps = {
  /** Unread notifications; null while unknown (still loading, or the site would not say). */
  count: number | null;
};

/** "(3) " before a title, "(99+) " past 99; nothing for none. */
const TITLE_COUNT = /^\(\d+\+?\) /;

/**
 * The bell: the unread count, current on every page (one tab polls for all: bell-poll.ts), in the
 * document's title too, a rise announced once. A link to the list without JavaScript; with it, a
 * button that opens the latest few in a panel.
 */
export function NotificationBell({ count: initial }: NotificationBellProps) {
  const [count, setCount] = useState(initial);
  // A new count from the server (the next page) replaces the one the page learnt.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setCount(initial);
  }
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const pathname = usePathname();
  const announce = useAnnounce();
  const bell = useRef<HTMLAnchorElement>(null);
  const panelId = useId();

  useEffect(() => {
    const onCount = (event: Event) => {
      const n = (event as CustomEvent<unknown>).detail;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) setCount(n);
    };
    window.addEventListener(NOTIFICATION_COUNT_EVENT, onCount);
    // One poll for the header: the envelope beside the bell hears its count from here.
    const stop = startBellPoll((counts) => {
      setCount(counts.notifications);
      if (counts.messages !== null) window.dispatchEvent(new CustomEvent(MESSAGE_COUNT_EVENT, { detail: counts.messages }));
    });
    return () => {
      window.removeEventListener(NOTIFICATION_COUNT_EVENT, onCount);
      stop();
    };
  }, []);

  // A rise is said once.
  const heard = useRef(initial);
  useEffect(() => {
    if (count !== null && heard.current !== null && count > heard.current) {
      announce(count === 1 ? '1 unread notification' : `${count} unread notifications`);
    }
    heard.current = count;
  }, [count, announce]);

  // The title carries the count, and keeps it when a navigation gives the page a new title.
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(TITLE_COUNT, '');
      const want = count ? `(${count > 99 ? '99+' : count}) ${base}` : base;
      if (document.title !== want) document.title = want;
    };
    apply();
    const watch = new MutationObserver(apply);
    watch.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, [count]);

  // A navigation closes the panel.
  const [at, setAt] = useState(pathname);
  if (at !== pathname) {
    setAt(pathname);
    setOpen(false);
  }

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) bell.current?.focus();
  }, []);

  const toggle = (e: MouseEvent | KeyboardEvent) => {
    // Modified clicks open the list as links do.
    if ('button' in e && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
    e.preventDefault();
    setOpened(true);
    setOpen((o) => !o);
  };

  const unread = count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <span className="relative">
      <a
        ref={bell}
        href={routes.notifications}
        role="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        title={label}
        aria-current={pathname === routes.notifications ? 'page' : undefined}
        onClick={toggle}
        onKeyDown={(e) => {
          if (e.key === ' ') toggle(e);
        }}
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
      </a>
      {opened && open ? <BellPanel id={panelId} onClose={close} /> : null}
    </span>
  );
}
