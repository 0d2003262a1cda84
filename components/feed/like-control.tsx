'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Activity } from '@/lib/social-api/activities';
import type { Person } from '@/lib/social-api/users';
import { loadLikers, setLike } from './actions';
import { callAction } from './call-action';
import { Avatar } from './avatar';
import { Dialog } from './dialog';
import { useFeed } from './feed-context';
import { buttonStyles } from './styles';
import { HeartIcon } from './feed-icons';

type LikeState = { liked: boolean; count: number; likers: Person[] };

export type LikeControlProps = {
  activity: Activity;
  /** The other actions of the activity, in the same toolbar. */
  children?: ReactNode;
};

/** "Liked by Alice, Bob and 3 others" from the latest likers and the total. */
function likedByParts(state: LikeState, viewerId: number): { names: string[]; others: number } {
  // The reader first ("Liked by you, Alice and 3 others"), then the latest likers.
  const ordered = [...state.likers.filter((p) => p.id === viewerId), ...state.likers.filter((p) => p.id !== viewerId)];
  const names = ordered.slice(0, 2).map((p) => (p.id === viewerId ? 'you' : p.name));
  return { names, others: Math.max(0, state.count - names.length) };
}

/**
 * The like button (optimistic: it changes at once and goes back, with the API's reason, when
 * the API refuses), the activity's other actions, and who liked it.
 */
export function LikeControl({ activity, children }: LikeControlProps) {
  const { viewer } = useFeed();
  const [state, setState] = useState<LikeState>({ liked: activity.liked, count: activity.likeCount, likers: activity.likers });
  const [error, setError] = useState('');
  const busy = useRef(false);
  const [likersOpen, setLikersOpen] = useState(false);

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    const before = state;
    const like = !before.liked;
    setState({
      liked: like,
      count: Math.max(0, before.count + (like ? 1 : -1)),
      likers: like ? [viewer, ...before.likers.filter((p) => p.id !== viewer.id)] : before.likers.filter((p) => p.id !== viewer.id),
    });
    setError('');
    const res = await callAction(() => setLike({ activityId: activity.id, like }));
    busy.current = false;
    if (!res.ok) {
      setState(before);
      setError(like ? `Your like was not saved: ${res.message}` : `Your like was not removed: ${res.message}`);
    }
  };

  const { names, others } = likedByParts(state, viewer.id);

  return (
    <div className="mt-4">
      {state.count > 0 ? (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          Liked by {names.join(', ')}
          {others > 0 ? (
            <>
              {' and '}
              <button type="button" onClick={() => setLikersOpen(true)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                {others} {others === 1 ? 'other' : 'others'}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
        {activity.can.like ? (
          <button
            type="button"
            aria-pressed={state.liked}
            onClick={toggle}
            className={state.liked ? buttonStyles.ghostActive : buttonStyles.ghost}
          >
            <HeartIcon className="size-5" filled={state.liked} />
            Like
            <span className="tabular-nums">{state.count}</span>
          </button>
        ) : (
          <span className="px-3 py-1.5 text-sm text-slate-600 dark:text-slate-400">
            {state.count} {state.count === 1 ? 'like' : 'likes'}
          </span>
        )}
        {children}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <LikersDialog activityId={activity.id} open={likersOpen} onClose={() => setLikersOpen(false)} />
    </div>
  );
}

function LikersDialog({ activityId, open, onClose }: { activityId: number; open: boolean; onClose: () => void }) {
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let current = true;
    setPeople(null);
    setError('');
    void callAction(() => loadLikers({ activityId })).then((res) => {
      if (!current) return;
      if (res.ok) setPeople(res.data);
      else setError(res.message);
    });
    return () => {
      current = false;
    };
  }, [open, activityId]);

  return (
    <Dialog open={open} onClose={onClose} title="People who like this">
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : people === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>
      ) : (
        <ul className="max-h-80 space-y-2 overflow-y-auto">
          {people.map((p) => (
            <li key={p.id}>
              <Link href={`/users/${p.id}`} className="flex items-center gap-3 rounded-lg p-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                <Avatar person={p} size="sm" />
                <span className="font-medium">{p.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onClose} className={buttonStyles.secondary}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
