'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { ItemRef } from '@/lib/social-api/items';
import type { Who } from '@/lib/social-api/users';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { loadLikers } from './actions';

export type LikersDialogProps = { item: ItemRef; onClose: () => void };

/** "People who like this", a page at a time (loaded when it opens; its code too, see social-bar). */
export default function LikersDialog({ item, onClose }: LikersDialogProps) {
  const [people, setPeople] = useState<Who[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  // The first page is on its way as soon as the dialog opens.
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  const fetchPage = (next: number) =>
    callAction(() => loadLikers({ item, page: next })).then((res) => {
      setLoading(false);
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setPage(next);
      setMore(res.data.more);
      setPeople((current) => [...current, ...res.data.people.filter((p) => !current.some((c) => c.id === p.id))]);
    });

  const loadPage = (next: number) => {
    setLoading(true);
    setError('');
    void fetchPage(next);
  };

  const loadFirstPage = useEffectEvent(() => void fetchPage(1));
  useEffect(() => loadFirstPage(), []);

  return (
    <Dialog open onClose={onClose} title="People who like this">
      {people.length ? (
        <ul className="max-h-80 space-y-1 overflow-y-auto">
          {people.map((p) => (
            <li key={p.id}>
              <a href={routes.user(p.id)} className="flex items-center gap-3 rounded-lg p-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                <Avatar person={p} size="sm" />
                <span className="font-medium">{p.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : !loading && !error ? (
        <p className="muted">Nobody likes this yet.</p>
      ) : null}
      {loading ? <p className="muted mt-2">Loading…</p> : null}
      <FormError message={error} className="mt-2" />
      <div className="mt-4 flex justify-end gap-3">
        {more && !loading && page > 0 ? (
          <button type="button" onClick={() => loadPage(page + 1)} className={buttonStyles.secondary}>
            Show more
          </button>
        ) : error && page === 0 ? (
          <button type="button" onClick={() => loadPage(1)} className={buttonStyles.secondary}>
            Try again
          </button>
        ) : null}
        <button type="button" onClick={onClose} className={buttonStyles.secondary}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
