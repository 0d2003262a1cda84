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
import type { GroupCan, GroupMembership, GroupSelfAction } from '@/lib/social-api/groups';
import { changeGroupMembership, removeGroup } from './actions';

// Loaded on the click that opens them.
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));
const InviteDialog = dynamic(() => import('./invite-dialog').then((m) => m.InviteDialog));

export type GroupActionsProps = { id: number; title: string; membership: GroupMembership | null; can: GroupCan };

/** The reader's own membership actions, in the order they show, with their words. */
const SELF: Array<[GroupSelfAction, keyof GroupCan, string, 'primary' | 'secondary' | 'ghost']> = [
  ['join', 'join', 'Join group', 'primary'],
  ['request', 'request', 'Request to join', 'primary'],
  ['accept', 'accept', 'Accept invitation', 'primary'],
  ['reject', 'reject', 'Decline invitation', 'secondary'],
  ['cancel', 'cancel', 'Cancel request', 'secondary'],
  ['leave', 'leave', 'Leave group', 'ghost'],
];

const STYLE = { primary: buttonStyles.primary, secondary: buttonStyles.secondary, ghost: 'btn-ghost' };

/**
 * What the reader may do with a group, exactly as the API's can_* flags say: join an open group,
 * ask to join one that approves its members and withdraw the request, accept or decline an
 * invitation, leave; members invite friends; officers edit; the owner deletes. Each result shows in
 * place and the page is read again (router.refresh), without a full reload.
 */
export function GroupActions({ id, title, membership, can }: GroupActionsProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [done, setDone] = useState('');
  const [dialog, setDialog] = useState<'delete' | 'invite' | null>(null);

  const act = async (run: () => Promise<ActionResult>) => {
    setDone('');
    const res = await state.run(run);
    if (res.ok) {
      setDone(res.message);
      announce(res.message);
      router.refresh();
    }
  };
  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
    announce(message);
    router.refresh();
  };

  return (
    <section aria-label="Your membership" className="mt-4 space-y-3">
      {membership === 'invited' ? <p className="font-medium">You are invited to join this group.</p> : null}
      {membership === 'requested' ? (
        <p className="font-medium">
          <span className="badge mr-2">Pending</span>Your request to join is waiting for the group’s officers.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {SELF.filter(([, flag]) => can[flag]).map(([action, , label, look]) => (
          <button
            key={action}
            type="button"
            className={STYLE[look]}
            disabled={state.pending}
            onClick={() => act(() => changeGroupMembership({ id, action }))}
          >
            {label}
          </button>
        ))}
        {can.invite ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('invite')}>
            Invite friends
          </button>
        ) : null}
        {can.edit ? (
          <a href={routes.editGroup(id)} className={buttonStyles.secondary}>
            Edit group
          </a>
        ) : null}
        {can.delete ? (
          <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={() => setDialog('delete')}>
            Delete group
          </button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
        {done}
      </p>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      {dialog === 'invite' ? <InviteDialog id={id} title={title} onClose={() => setDialog(null)} onDone={finished} /> : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          open
          onClose={() => setDialog(null)}
          title={`Delete “${title}”?`}
          description="The group will be removed with its members, its wall and everything posted there. This cannot be undone."
          confirmLabel="Delete group"
          pendingLabel="Deleting…"
          action={() => removeGroup({ id })}
          onDone={(message) => {
            setDialog(null);
            announce(message);
            router.replace(routes.myGroups());
          }}
        />
      ) : null}
    </section>
  );
}
