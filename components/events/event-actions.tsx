'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { EventCan, MemberRsvp, Rsvp } from '@/lib/social-api/events';
import { answerEvent, changeMembership, removeEvent } from './actions';

// Loaded on the click that opens them.
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));
const InviteDialog = dynamic(() => import('./invite-dialog').then((m) => m.InviteDialog));

export type EventActionsProps = {
  id: number;
  title: string;
  rsvp: Rsvp | null;
  can: EventCan;
  /** The event has not ended: members may still change their answer. */
  open: boolean;
  owner: boolean;
};

const ANSWERS: Array<[MemberRsvp, string]> = [
  ['attending', 'Going'],
  ['maybe_attending', 'Maybe'],
  ['not_attending', 'Not going'],
];

/**
 * What the reader may do with an event, exactly as the API's can_* flags say: answer (going,
 * maybe, not going) or change the answer, accept or decline an invitation, ask to join and
 * withdraw the request, leave; the organiser edits, invites and deletes. Each result shows in
 * place and the page's counts are read again (router.refresh), without a full reload.
 */
export function EventActions({ id, title, rsvp, can, open, owner }: EventActionsProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [done, setDone] = useState('');
  const [dialog, setDialog] = useState<'delete' | 'invite' | null>(null);
  const member = rsvp === 'attending' || rsvp === 'maybe_attending' || rsvp === 'not_attending';
  const canAnswer = can.join || (member && open);

  const act = async (run: () => Promise<ActionResult>) => {
    setDone('');
    const res = await state.run(run);
    if (res.ok) {
      setDone(res.message);
      announce(res.message);
      router.refresh();
    }
  };

  return (
    <section aria-label="Your answer" className="mt-6 space-y-3">
      {rsvp === 'awaiting_reply' ? <p className="font-medium">You are invited. Will you go?</p> : null}
      {rsvp === 'requested' ? (
        <p className="font-medium">
          <span className="badge mr-2">Pending</span>Your request to join is waiting for the organiser.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {canAnswer
          ? ANSWERS.map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={rsvp === value}
                className={rsvp === value ? buttonStyles.primary : buttonStyles.secondary}
                disabled={state.pending}
                onClick={() => act(() => answerEvent({ id, rsvp: value }))}
              >
                {label}
              </button>
            ))
          : null}
        {rsvp === 'awaiting_reply' && can.join ? (
          <span className="muted text-sm">Answering accepts the invitation; “Not going” declines it.</span>
        ) : null}
        {can.request ? (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={state.pending}
            onClick={() => act(() => changeMembership({ id, action: 'request' }))}
          >
            Request to join
          </button>
        ) : null}
        {can.cancel ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={state.pending}
            onClick={() => act(() => changeMembership({ id, action: 'cancel' }))}
          >
            Cancel request
          </button>
        ) : null}
        {can.leave ? (
          <button
            type="button"
            className="btn-ghost"
            disabled={state.pending}
            onClick={() => act(() => changeMembership({ id, action: 'leave' }))}
          >
            Leave event
          </button>
        ) : null}
      </div>
      {can.invite || can.edit || can.delete ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          {can.invite ? (
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('invite')}>
              Invite friends
            </button>
          ) : null}
          {can.edit ? (
            <a href={routes.editEvent(id)} className={buttonStyles.secondary}>
              Edit
            </a>
          ) : null}
          {can.delete ? (
            <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={() => setDialog('delete')}>
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
        {done}
      </p>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      {dialog === 'invite' ? (
        <InviteDialog
          id={id}
          title={title}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setDone(message);
            announce(message);
            router.refresh();
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          open
          onClose={() => setDialog(null)}
          title={`Delete “${title}”?`}
          description="The event will be removed with its guest list, likes and comments. This cannot be undone."
          confirmLabel="Delete event"
          pendingLabel="Deleting…"
          action={() => removeEvent({ id })}
          onDone={(message) => {
            setDialog(null);
            announce(message);
            router.replace(owner ? routes.myEvents({ lead: true }) : routes.events());
          }}
        />
      ) : null}
    </section>
  );
}
