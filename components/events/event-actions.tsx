'use client';

import dynamic from 'next/dynamic';
import {
  ACTION_LOOKS,
  ActionButton,
  ActionOutcome,
  DeleteItemDialog,
  ManageButtons,
  useMembershipActions,
} from '@/components/ui/membership-actions';
import { routes } from '@/lib/routes';
import type { EventCan, MemberRsvp, Rsvp } from '@/lib/social-api/events';
import { answerEvent, changeMembership, removeEvent } from './actions';

// Loaded on the click that opens it.
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

/** The reader's other actions, each shown when its can_* flag says so. */
const SELF: Array<['request' | 'cancel' | 'leave', string, keyof typeof ACTION_LOOKS]> = [
  ['request', 'Request to join', 'primary'],
  ['cancel', 'Cancel request', 'secondary'],
  ['leave', 'Leave event', 'ghost'],
];

/**
 * What the reader may do with an event, exactly as the API's can_* flags say: answer (going,
 * maybe, not going) or change the answer, accept or decline an invitation, ask to join and
 * withdraw the request, leave; the organiser edits, invites and deletes. Each result shows in
 * place and the page's counts are read again (router.refresh), without a full reload.
 */
export function EventActions({ id, title, rsvp, can, open, owner }: EventActionsProps) {
  const actions = useMembershipActions();
  const member = rsvp === 'attending' || rsvp === 'maybe_attending' || rsvp === 'not_attending';
  const canAnswer = can.join || (member && open);

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
              <ActionButton
                key={value}
                actions={actions}
                label={label}
                pressed={rsvp === value}
                look={rsvp === value ? ACTION_LOOKS.primary : ACTION_LOOKS.secondary}
                run={() => answerEvent({ id, rsvp: value })}
              />
            ))
          : null}
        {rsvp === 'awaiting_reply' && can.join ? (
          <span className="muted text-sm">Answering accepts the invitation; “Not going” declines it.</span>
        ) : null}
        {SELF.filter(([action]) => can[action]).map(([action, label, look]) => (
          <ActionButton
            key={action}
            actions={actions}
            label={label}
            look={ACTION_LOOKS[look]}
            run={() => changeMembership({ id, action })}
          />
        ))}
      </div>
      {can.invite || can.edit || can.delete ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <ManageButtons
            actions={actions}
            invite={can.invite}
            editHref={can.edit ? routes.editEvent(id) : undefined}
            editLabel="Edit"
            deleteLabel={can.delete ? 'Delete' : undefined}
          />
        </div>
      ) : null}
      <ActionOutcome actions={actions} />
      {actions.dialog === 'invite' ? (
        <InviteDialog id={id} title={title} onClose={() => actions.setDialog(null)} onDone={actions.finished} />
      ) : null}
      <DeleteItemDialog
        actions={actions}
        title={title}
        noun="event"
        description="The event will be removed with its guest list, likes and comments. This cannot be undone."
        remove={() => removeEvent({ id })}
        after={owner ? routes.myEvents({ lead: true }) : routes.events()}
      />
    </section>
  );
}
