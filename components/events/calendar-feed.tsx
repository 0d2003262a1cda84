'use client';

import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { makeCalendarFeed, stopCalendarFeed } from './actions';

export type CalendarFeedProps = {
  /** The feed in force, if any (its secret is never known again after it was made). */
  feedId?: number;
  /** This site's host, for the webcal:// address. */
  host: string;
  origin: string;
};

/**
 * The calendar feed of my events: a secret webcal:// address calendar apps poll without signing
 * in, made here (a read-only grant of its own), shown once, and revoked or made anew at once.
 */
export function CalendarFeed({ feedId: initial, host, origin }: CalendarFeedProps) {
  const announce = useAnnounce();
  const state = useAction();
  const [feedId, setFeedId] = useState(initial);
  const [path, setPath] = useState('');
  const [done, setDone] = useState('');

  const make = async () => {
    const res = await state.run(() => makeCalendarFeed());
    if (res.ok) {
      setFeedId(res.data.id);
      setPath(res.data.path);
      setDone(res.message);
      announce(res.message);
    }
  };
  const revoke = async () => {
    if (!feedId) return;
    const res = await state.run(() => stopCalendarFeed({ id: feedId }));
    if (res.ok) {
      setFeedId(undefined);
      setPath('');
      setDone(res.message);
      announce(res.message);
    }
  };

  return (
    <section aria-labelledby="feed-title" className="card">
      <h3 id="feed-title" className="text-lg font-semibold">
        Calendar feed
      </h3>
      <p className="muted mt-1 text-sm">
        Subscribe to your events (those you organise, attend, might attend or are invited to) in your calendar app. The address is secret:
        anyone who has it sees those events. It keeps working when you sign out, until you revoke it.
      </p>
      {path ? (
        <div className="mt-3 space-y-2">
          <label htmlFor="feed-url" className="text-sm font-medium">
            Your feed’s address (shown only now)
          </label>
          <input
            id="feed-url"
            readOnly
            value={`webcal://${host}${path}`}
            className="field font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="text-sm">
            <a href={`webcal://${host}${path}`} className="link">
              Subscribe in your calendar app
            </a>{' '}
            ·{' '}
            <a href={`${origin}${path}`} className="link" data-feed-https>
              Download it once (.ics)
            </a>
          </p>
        </div>
      ) : feedId ? (
        <p className="mt-3 text-sm">A feed is active. Make a new one to see an address again (the current one stops).</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={feedId ? buttonStyles.secondary : buttonStyles.primary} onClick={make} disabled={state.pending}>
          {feedId ? 'Make a new address' : 'Create a calendar feed'}
        </button>
        {feedId ? (
          <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={revoke} disabled={state.pending}>
            Revoke the feed
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-2 text-sm text-emerald-800 dark:text-emerald-300">
        {done}
      </p>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
    </section>
  );
}
