'use client';

import { useEffect, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { Rsvp } from '@/lib/social-api/events';
import type { Who } from '@/lib/social-api/users';
import { inviteFriends, searchFriendsToInvite } from './actions';

const MARKS: Partial<Record<Rsvp, string>> = {
  attending: 'Going',
  maybe_attending: 'Maybe',
  not_attending: 'Not going',
  awaiting_reply: 'Invited',
};

export type InviteDialogProps = { id: number; title: string; onClose: () => void; onDone: (message: string) => void };

/**
 * Invite friends: a searchable list of one's friends (GET /friends), several chosen at once;
 * friends already invited or members are marked and cannot be chosen again.
 */
export function InviteDialog({ id, title, onClose, onDone }: InviteDialogProps) {
  const uid = useId();
  const [keywords, setKeywords] = useState('');
  const [friends, setFriends] = useState<Array<Who & { rsvp?: Rsvp }> | null>(null);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const search = useAction();
  const send = useAction();

  const runSearch = search.run;
  useEffect(() => {
    let live = true;
    const t = setTimeout(async () => {
      const res = await runSearch(() => searchFriendsToInvite(id, { keywords, page: 1 }));
      if (live && res.ok) setFriends(res.data);
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [id, keywords, runSearch]);

  const toggle = (f: Who) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(f.id)) next.delete(f.id);
      else next.set(f.id, f.name);
      return next;
    });

  const submit = async () => {
    const res = await send.run(() => inviteFriends({ id, userIds: [...chosen.keys()] }));
    if (res.ok) onDone(res.message);
  };

  return (
    <Dialog open onClose={() => !send.pending && onClose()} title={`Invite friends to “${title}”`}>
      <label htmlFor={`${uid}-q`} className="text-sm font-medium">
        Search your friends
      </label>
      <input
        id={`${uid}-q`}
        type="search"
        value={keywords}
        onChange={(e) => setKeywords(e.target.value)}
        maxLength={100}
        className="field"
        autoComplete="off"
      />
      <FormError message={search.problem?.message} signedOut={search.problem?.signedOut} className="mt-2" />
      <fieldset className="mt-3">
        <legend className="sr-only">Friends</legend>
        {friends === null ? (
          <p className="muted text-sm">Loading your friends…</p>
        ) : friends.length === 0 ? (
          <p className="muted text-sm">{keywords ? 'No friend has that name.' : 'You have no friends to invite yet.'}</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto">
            {friends.map((f) => {
              const mark = f.rsvp ? MARKS[f.rsvp] : undefined;
              return (
                <li key={f.id}>
                  <label className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800">
                    <input
                      type="checkbox"
                      checked={Boolean(mark) || chosen.has(f.id)}
                      disabled={Boolean(mark)}
                      onChange={() => toggle(f)}
                      className="size-4"
                    />
                    <Avatar person={f} size="xs" />
                    <span className="flex-1">{f.name}</span>
                    {mark ? <span className="badge">{mark}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <p className="muted mt-2 text-sm" aria-live="polite">
        {chosen.size ? `${chosen.size} chosen: ${[...chosen.values()].join(', ')}` : 'Choose one or more friends.'}
      </p>
      <FormError message={send.problem?.message} signedOut={send.problem?.signedOut} className="mt-2" />
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={send.pending}>
          Cancel
        </button>
        <button type="button" className={buttonStyles.primary} onClick={submit} disabled={send.pending || chosen.size === 0}>
          {send.pending ? 'Inviting…' : chosen.size > 1 ? `Invite ${chosen.size} friends` : 'Invite'}
        </button>
      </div>
    </Dialog>
  );
}
