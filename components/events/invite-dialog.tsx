'use client';

import { useCallback } from 'react';
import { FriendPickerDialog } from '@/components/ui/friend-picker-dialog';
import type { Rsvp } from '@/lib/social-api/events';
import { inviteFriends, searchFriendsToInvite } from './actions';

const MARKS: Partial<Record<Rsvp, string>> = {
  attending: 'Going',
  maybe_attending: 'Maybe',
  not_attending: 'Not going',
  awaiting_reply: 'Invited',
};

export type InviteDialogProps = { id: number; title: string; onClose: () => void; onDone: (message: string) => void };

/** Invite friends to an event (GET /friends); friends already invited or members are marked and cannot be chosen again. */
export function InviteDialog({ id, title, onClose, onDone }: InviteDialogProps) {
  const search = useCallback(
    async (keywords: string) => {
      const res = await searchFriendsToInvite(id, { keywords, page: 1 });
      return res.ok ? { ...res, data: res.data.map((f) => ({ ...f, mark: f.rsvp ? MARKS[f.rsvp] : undefined })) } : res;
    },
    [id],
  );
  const invite = useCallback((userIds: number[]) => inviteFriends({ id, userIds }), [id]);
  return (
    <FriendPickerDialog
      title={`Invite friends to “${title}”`}
      search={search}
      invite={invite}
      empty={{ none: 'You have no friends to invite yet.', noMatch: 'No friend has that name.' }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
