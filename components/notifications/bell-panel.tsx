'use client';

import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import type { PanelRow } from '@/lib/notifications/bell';
import { routes } from '@/lib/routes';
import { callAction } from '@/lib/action-result';
import { markGroupRead } from './actions';
import { NOTIFICATION_COUNT_EVENT } from './count-event';
import { useMarkShown } from './mark-read';

// The bell's panel, loaded only when the bell is first opened (next/dynamic in
// notification-bell.tsx): the latest few groups and "See all". Focus moves into it; Escape, or a
// click outside, closes it and the bell takes the focus back. What it shows is marked seen; a row
// opened is marked read.

/** Opening a row reads it: marked read before the page goes (briefly waited for), in the background for a new tab. */
function openRow(e: MouseEvent<HTMLAnchorElement>, row: PanelRow): void {
  if (row.read) return;
  const marking = callAction(() => markGroupRead({ key: row.key })).then((res) => {
    if (res.ok) window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: res.data.unread }));
  });
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const href = e.currentTarget.href;
  void Promise.race([marking, new Promise((done) => setTimeout(done, OPEN_WAIT_MS))]).finally(() => window.location.assign(href));
}

/** How long opening a row waits for it to be marked read. */
const OPEN_WAIT_MS = 1500;

export default function BellPanel({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }) {
  const [rows, setRows] = useState<PanelRow[] | null | undefined>(undefined);
  const [newest, setNewest] = useState(0);
  // What it shows is seen: the bell’s count drops; the rows stay new until opened, or the list is.
  useMarkShown(newest, 'seen');
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus();
    const stop = new AbortController();
    fetch('/api/notifications/latest', { cache: 'no-store', signal: stop.signal })
      .then((res) =>
        res.ok ? (res.json() as Promise<{ rows: PanelRow[] | null; newest?: number }>) : Promise.reject(new Error(String(res.status))),
      )
      .then((body) => {
        setRows(body.rows);
        setNewest(body.newest ?? 0);
      })
      .catch(() => {
        if (!stop.signal.aborted) setFailed(true);
      });
    return () => stop.abort();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      const bell = document.querySelector(`[aria-controls="${id}"]`);
      if (!ref.current?.contains(e.target as Node) && !bell?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [id, onClose]);

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-label="Latest notifications"
      tabIndex={-1}
      className="card absolute top-11 right-0 z-40 w-80 p-2 shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <h2 className="px-2 py-1 text-sm font-semibold">Notifications</h2>
      {failed ? (
        <p className="muted px-2 py-3 text-sm">The latest notifications could not be loaded.</p>
      ) : rows === undefined ? (
        <p className="muted px-2 py-3 text-sm" role="status">
          Loading…
        </p>
      ) : rows === null ? (
        <p className="muted px-2 py-3 text-sm">This site does not list notifications.</p>
      ) : rows.length === 0 ? (
        <p className="muted px-2 py-3 text-sm">Nothing yet.</p>
      ) : (
        <ul className="space-y-1">
          {rows.map((r) => {
            const body = (
              <>
                <Avatar person={{ name: r.names, image: r.image }} size="sm" />
                <span className="min-w-0 flex-1 text-sm">
                  {r.names ? <span className="font-semibold">{r.names} </span> : null}
                  {r.what}
                  <RelativeTime ms={r.latest} className="muted block text-xs" />
                </span>
                {r.read ? null : <span className="sr-only">(new)</span>}
              </>
            );
            const cls = `flex items-start gap-2 rounded-lg p-2 ${r.read ? '' : 'bg-indigo-50/70 dark:bg-indigo-950/40'}`;
            return (
              <li key={r.key}>
                {r.href ? (
                  <a href={r.href} onClick={(e) => openRow(e, r)} className={`${cls} hover:bg-slate-50 dark:hover:bg-slate-800/60`}>
                    {body}
                  </a>
                ) : (
                  <div className={cls}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <a href={routes.notifications} className="link mt-1 block px-2 py-2 text-sm font-medium">
        See all notifications
      </a>
    </div>
  );
}
