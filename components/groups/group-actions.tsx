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
import { buttonStyles } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import type { GroupCan, GroupMembership, GroupSelfAction } from '@/lib/social-api/groups';
import { changeGroupMembership, removeGroup } from './actions';

// Loaded on the click that opens it.
const InviteDialog = dynamic(() => import('./invite-dialog').then((m) => m.InviteDialog));

export type GroupActionsProps = { id: number; title: string; membership: GroupMembership | null; can: GroupCan };

/** The reader's own membership actions, in the order they show, with their words. */
const SELF: Array<[GroupSelfAction, keyof GroupCan, string, keyof typeof ACTION_LOOKS]> = [
  ['join', 'join', 'Join group', 'primary'],
  ['request', 'request', 'Request to join', 'primary'],
  ['accept', 'accept', 'Accept invitation', 'primary'],
  ['reject', 'reject', 'Decline invitation', 'secondary'],
  ['cancel', 'cancel', 'Cancel request', 'secondary'],
  ['leave', 'leave', 'Leave group', 'ghost'],
];

/**
 * What the reader may do with a group, exactly as the API's can_* flags say: join an open group,
 * ask to join one that approves its members and withdraw the request, accept or decline an
 * invitation, leave; members invite friends; officers edit; the owner deletes, and writes to every
 * member at once where the site has messages. Each result shows in
 * place and the page is read again (router.refresh), without a full reload.
 */
export function GroupActions({ id, title, membership, can }: GroupActionsProps) {
  const actions = useMembershipActions();
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
          <ActionButton
            key={action}
            actions={actions}
            label={label}
            look={ACTION_LOOKS[look]}
            run={() => changeGroupMembership({ id, action })}
          />
        ))}
        <ManageButtons
          actions={actions}
          invite={can.invite}
          editHref={can.edit ? routes.editGroup(id) : undefined}
          editLabel="Edit group"
          deleteLabel={can.delete ? 'Delete group' : undefined}
        />
        {can.messageMembers ? (
          <a href={routes.newMessage({ membersOf: id })} className={`${buttonStyles.secondary} with-icon icon-mail`}>
            Message members
          </a>
        ) : null}
      </div>
      <ActionOutcome actions={actions} />
      {actions.dialog === 'invite' ? (
        <InviteDialog id={id} title={title} onClose={() => actions.setDialog(null)} onDone={actions.finished} />
      ) : null}
      <DeleteItemDialog
        actions={actions}
        title={title}
        noun="group"
        description="The group will be removed with its members, its wall and everything posted there. This cannot be undone."
        remove={() => removeGroup({ id })}
        after={routes.myGroups()}
      />
    </section>
  );
}
