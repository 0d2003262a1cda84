'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ActionResult } from '@/lib/action-result';
import { useAnnounce } from './announcer';
import { buttonStyles } from './button';
import { FormError } from './form-error';
import { useAction } from './use-action';

// The membership actions of an item people belong to (an event, a group), in its header: the
// reader's buttons, whose result shows in place while the page is read again (router.refresh),
// the manager's tools (invite, edit, delete), and the delete's confirmation.

// Loaded on the click that opens it.
const ConfirmDialog = dynamic(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/** A button's look. */
export const ACTION_LOOKS = { primary: buttonStyles.primary, secondary: buttonStyles.secondary, ghost: 'btn-ghost' };

/** The state of the actions: what was done, the dialog open, and how an action runs. */
export function useMembershipActions() {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [done, setDone] = useState('');
  const [dialog, setDialog] = useState<'delete' | 'invite' | null>(null);

  /** An action (or a dialog's) succeeded: say so, and read the page again. */
  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
    announce(message);
    router.refresh();
  };
  const act = async (run: () => Promise<ActionResult>) => {
    setDone('');
    const res = await state.run(run);
    if (res.ok) finished(res.message);
  };
  /** The item was deleted: its page is gone, so `href` opens instead. */
  const deleted = (message: string, href: string) => {
    setDialog(null);
    announce(message);
    router.replace(href);
  };
  return { state, done, dialog, setDialog, act, finished, deleted };
}

export type MembershipActionsState = ReturnType<typeof useMembershipActions>;

/** A button that runs one membership action. */
export function ActionButton({
  actions,
  label,
  look,
  run,
  pressed,
}: {
  actions: MembershipActionsState;
  label: string;
  look: string;
  run: () => Promise<ActionResult>;
  pressed?: boolean;
}) {
  return (
    <button type="button" aria-pressed={pressed} className={look} disabled={actions.state.pending} onClick={() => actions.act(run)}>
      {label}
    </button>
  );
}

/** The manager's tools, each shown when allowed: invite (opens the dialog), edit (a link), delete (asks first). */
export function ManageButtons({
  actions,
  invite,
  editHref,
  editLabel,
  deleteLabel,
}: {
  actions: MembershipActionsState;
  invite: boolean;
  /** The edit page, when the reader may edit. */
  editHref?: string;
  editLabel: string;
  /** The delete button's words, when the reader may delete. */
  deleteLabel?: string;
}) {
  return (
    <>
      {invite ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => actions.setDialog('invite')}>
          Invite friends
        </button>
      ) : null}
      {editHref ? (
        <a href={editHref} className={buttonStyles.secondary}>
          {editLabel}
        </a>
      ) : null}
      {deleteLabel ? (
        <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={() => actions.setDialog('delete')}>
          {deleteLabel}
        </button>
      ) : null}
    </>
  );
}

/** What the last action did, or why it failed. */
export function ActionOutcome({ actions }: { actions: MembershipActionsState }) {
  return (
    <>
      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
        {actions.done}
      </p>
      <FormError message={actions.state.problem?.message} signedOut={actions.state.problem?.signedOut} />
    </>
  );
}

/** The delete's confirmation, while it is the dialog open; `after` is the page that opens once the item is gone. */
export function DeleteItemDialog({
  actions,
  title,
  noun,
  description,
  remove,
  after,
}: {
  actions: MembershipActionsState;
  title: string;
  noun: string;
  description: string;
  remove: () => Promise<ActionResult>;
  after: string;
}) {
  if (actions.dialog !== 'delete') return null;
  return (
    <ConfirmDialog
      open
      onClose={() => actions.setDialog(null)}
      title={`Delete “${title}”?`}
      description={description}
      confirmLabel={`Delete ${noun}`}
      pendingLabel="Deleting…"
      action={remove}
      onDone={(message) => actions.deleted(message, after)}
    />
  );
}
