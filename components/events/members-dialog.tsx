'use client';

import { useEffect, useState } from 'react';
import { PeopleList } from '@/components/ui/people-list';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { Rsvp } from '@/lib/social-api/events';
import type { EventMember } from '@/lib/events/commands';
import { loadMembers } from './actions';

const PAGE = 50;

/** The people of one answer, 50 at a time. */
export function MembersDialog({ id, rsvp, label, onClose }: { id: number; rsvp: Rsvp; label: string; onClose: () => void }) {
  const [people, setPeople] = useState<EventMember[] | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const state = useAction();

  const run = state.run;
  useEffect(() => {
    let live = true;
    void run(() => loadMembers({ id, rsvp, page })).then((res) => {
      if (!live || !res.ok) return;
      setPeople((prev) => [...(page > 1 ? (prev ?? []) : []), ...res.data]);
      setMore(res.data.length === PAGE);
    });
    return () => {
      live = false;
    };
  }, [id, rsvp, page, run]);

  return (
    <Dialog open onClose={onClose} title={label}>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mb-2" />
      {people === null ? (
        <p className="muted text-sm">Loading…</p>
      ) : people.length === 0 ? (
        <p className="muted text-sm">Nobody yet.</p>
      ) : (
        <PeopleList people={people} className="max-h-80 space-y-2 overflow-y-auto" />
      )}
      <div className="mt-4 flex justify-end gap-3">
        {more ? (
          <button type="button" className={buttonStyles.secondary} disabled={state.pending} onClick={() => setPage((p) => p + 1)}>
            Show more
          </button>
        ) : null}
        <button type="button" className={buttonStyles.primary} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
