'use client';

import { useEffect, useId, useState } from 'react';
import type { ActionResult } from '@/lib/action-result';
import type { Who } from '@/lib/social-api/users';
import { Avatar } from './avatar';
import { buttonStyles } from './button';
import { Dialog } from './dialog';
import { FormError } from './form-error';
import { useAction } from './use-action';

/** A friend as the picker lists them; `mark` ("Going", "Invited"): already there, not to be chosen again. */
export type PickableFriend = Who & { mark?: string };

export type FriendPickerDialogProps = {
  title: string;
  /** The friends whose name holds these words (the whole list for ''). */
  search: (keywords: string) => Promise<ActionResult<PickableFriend[]>>;
  /** Invites the friends chosen. */
  invite: (userIds: number[]) => Promise<ActionResult>;
  /** What the list says when it is empty: with no words, and for words no friend has. */
  empty: { none: string; noMatch: string };
  onClose: () => void;
  onDone: (message: string) => void;
};

/**
 * Invite friends (to an event, a group): a searchable list of one's friends, several chosen at
 * once; friends already there are marked and cannot be chosen again.
 */
export function FriendPickerDialog({ title, search, invite, empty, onClose, onDone }: FriendPickerDialogProps) {
  const uid = useId();
  const [keywords, setKeywords] = useState('');
  const [friends, setFriends] = useState<PickableFriend[] | null>(null);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const finding = useAction();
  const send = useAction();

  const runSearch = finding.run;
  useEffect(() => {
    let live = true;
    const t = setTimeout(async () => {
      const res = await runSearch(() => search(keywords));
      if (live && res.ok) setFriends(res.data);
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keywords, runSearch, search]);

  const toggle = (f: Who) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(f.id)) next.delete(f.id);
      else next.set(f.id, f.name);
      return next;
    });

  const submit = async () => {
    const res = await send.run(() => invite([...chosen.keys()]));
    if (res.ok) onDone(res.message);
  };

  return (
    <Dialog open onClose={() => !send.pending && onClose()} title={title}>
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
      <FormError message={finding.problem?.message} signedOut={finding.problem?.signedOut} className="mt-2" />
      <fieldset className="mt-3">
        <legend className="sr-only">Friends</legend>
        {friends === null ? (
          <p className="muted text-sm">Loading your friends…</p>
        ) : friends.length === 0 ? (
          <p className="muted text-sm">{keywords ? empty.noMatch : empty.none}</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto">
            {friends.map((f) => (
              <li key={f.id}>
                <label className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={Boolean(f.mark) || chosen.has(f.id)}
                    disabled={Boolean(f.mark)}
                    onChange={() => toggle(f)}
                    className="size-4"
                  />
                  <Avatar person={f} size="xs" />
                  <span className="flex-1">{f.name}</span>
                  {f.mark ? <span className="badge">{f.mark}</span> : null}
                </label>
              </li>
            ))}
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
