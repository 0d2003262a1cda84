'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_COUNT_EVENT } from '@/components/messages/count-event';
import { useAnnounce } from '@/components/ui/announcer';
import { MailIcon } from '@/components/ui/icons';
import { routes } from '@/lib/routes';

export type MessagesEnvelopeProps = {
  /** Unread conversations as the page learnt them. */
  count: number;
};

/**
 * The envelope beside the bell: the unread conversations, a link to them. Current on every page
 * without a poll of its own: the bell's poll (one tab for all) carries its count
 * (components/notifications/bell-poll.ts), and a rise is announced once.
 */
export function MessagesEnvelope({ count: initial }: MessagesEnvelopeProps) {
  const [count, setCount] = useState(initial);
  // A new count from the server (the next page) replaces the one the page learnt.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setCount(initial);
  }
  const pathname = usePathname();
  const announce = useAnnounce();

  useEffect(() => {
    const onCount = (event: Event) => {
      const n = (event as CustomEvent<unknown>).detail;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) setCount(n);
    };
    window.addEventListener(MESSAGE_COUNT_EVENT, onCount);
    return () => window.removeEventListener(MESSAGE_COUNT_EVENT, onCount);
  }, []);

  const heard = useRef(initial);
  useEffect(() => {
    if (count > heard.current) announce(count === 1 ? '1 unread conversation' : `${count} unread conversations`);
    heard.current = count;
  }, [count, announce]);

  const label = count > 0 ? `Messages, ${count} unread` : 'Messages';
  return (
    <a
      href={routes.messages()}
      aria-label={label}
      title={label}
      aria-current={pathname === '/messages' || pathname.startsWith('/messages/') ? 'page' : undefined}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <MailIcon className="size-5" />
      {count > 0 ? (
        <span
          data-testid="message-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </a>
  );
}
