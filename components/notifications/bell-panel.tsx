'use client';

import { useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import type { PanelRow } from '@/lib/notifications/bell';
import { routes } from '@/lib/routes';

// The bell's panel, loaded only when the bell is first opened (next/dynamic in
// notification-bell.tsx): the latest few groups and "See all". Focus moves into it; Escape, or a
// click outside, closes it and the bell takes the focus back.

export default function BellPanel({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }) {
  const [rows, setRows] = useState<PanelRow[] | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus();
    const stop = new AbortController();
    fetch('/api/notifications/latest', { cache: 'no-store', signal: stop.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ rows: PanelRow[] | null }>) : Promise.reject(new Error(String(res.status)))))
      .then((body) => setRows(body.rows))
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
                  <span className="font-semibold">{r.names}</span> {r.what}
                  <RelativeTime ms={r.latest} className="muted block text-xs" />
                </span>
                {r.read ? null : <span className="sr-only">(new)</span>}
              </>
            );
            const cls = `flex items-start gap-2 rounded-lg p-2 ${r.read ? '' : 'bg-indigo-50/70 dark:bg-indigo-950/40'}`;
            return (
              <li key={r.key}>
                {r.href ? (
                  <a href={r.href} className={`${cls} hover:bg-slate-50 dark:hover:bg-slate-800/60`}>
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
