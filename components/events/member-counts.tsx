'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { EventCounts, Rsvp } from '@/lib/social-api/events';

const MembersDialog = dynamic(() => import('./members-dialog').then((m) => m.MembersDialog));

const ROWS: Array<[keyof EventCounts, Rsvp, string]> = [
  ['attending', 'attending', 'Going'],
  ['maybe', 'maybe_attending', 'Maybe'],
  ['notAttending', 'not_attending', 'Not going'],
  ['awaitingReply', 'awaiting_reply', 'Invited'],
];

/** The counts of each answer; each opens the list of the people behind it (GET /events/members). */
export function MemberCounts({ id, counts }: { id: number; counts: EventCounts }) {
  const [open, setOpen] = useState<{ rsvp: Rsvp; label: string } | null>(null);
  return (
    <>
      <ul aria-label="Guests" className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ROWS.map(([key, rsvp, label]) => (
          <li key={rsvp}>
            <button
              type="button"
              className="card w-full text-left hover:border-indigo-400"
              onClick={() => setOpen({ rsvp, label })}
              data-count={rsvp}
            >
              <span className="block text-2xl font-bold">{counts[key] ?? 0}</span>
              <span className="muted text-sm">{label}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? <MembersDialog id={id} rsvp={open.rsvp} label={open.label} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
