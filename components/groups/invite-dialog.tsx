'use client';

import { useCallback } from 'react';
import { FriendPickerDialog } from '@/components/ui/friend-picker-dialog';
import { inviteToGroup, searchGroupInvitees } from './actions';

export type InviteDialogProps = { id: number; title: string; onClose: () => void; onDone: (message: string) => void };

/** Invite friends to a group: only friends not in it yet (GET /groups/{id}/invite leaves out members, those invited and those asking). */
export function InviteDialog({ id, title, onClose, onDone }: InviteDialogProps) {
  const search = useCallback((keywords: string) => searchGroupInvitees({ id, keywords }), [id]);
  const invite = useCallback((userIds: number[]) => inviteToGroup({ id, userIds }), [id]);
  return (
    <FriendPickerDialog
      title={`Invite friends to “${title}”`}
      search={search}
      invite={invite}
      empty={{ none: 'All your friends are in the group or invited already.', noMatch: 'No friend by that name is left to invite.' }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
