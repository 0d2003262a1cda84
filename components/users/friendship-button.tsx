'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAction } from '@/components/ui/use-action';
import type { Friendship } from '@/lib/social-api/users';
import type { FriendshipAnswer } from '@/lib/users/friend-commands';
import { changeFriendship } from './actions';

export type FriendshipButtonProps = {
  userId: number;
  name: string;
  friendship: Exclude<Friendship, 'self'>;
  requestId?: number;
};

/**
 * The friendship action of a member's profile: Add friend; Request sent (Cancel); Accept or
 * Decline a request of theirs; Friends, with Unfriend behind a confirmation. Each answers in
 * place, and the page's counts and friends-only items follow (the page renders again).
 */
export function FriendshipButton({ userId, name, friendship: initial, requestId: initialRequest }: FriendshipButtonProps) {
  const [state, setState] = useState<FriendshipAnswer>({ friendship: initial, requestId: initialRequest });
  const [confirming, setConfirming] = useState(false);
  const { pending, problem, run } = useAction();
  const announce = useAnnounce();
  const router = useRouter();

  const settle = (message: string, next: FriendshipAnswer) => {
    setState(next);
    announce(message);
    router.refresh();
  };
  const act = async (input: Parameters<typeof changeFriendship>[0]) => {
    const res = await run(() => changeFriendship(input));
    if (res.ok) settle(res.message, res.data);
  };

  let controls;
  switch (state.friendship) {
    case 'none':
      controls = (
        <button type="button" className={buttonStyles.primary} disabled={pending} onClick={() => void act({ action: 'add', userId })}>
          Add friend
        </button>
      );
      break;
    case 'request_sent':
      controls = (
        <>
          <span className="muted text-sm">Request sent</span>
          {state.requestId ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={pending}
              onClick={() => void act({ action: 'cancel', requestId: state.requestId })}
            >
              Cancel request
            </button>
          ) : null}
        </>
      );
      break;
    case 'request_received':
      controls = (
        <>
          <span className="muted text-sm">{name} asked to be your friend</span>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={pending}
            onClick={() => void act({ action: 'accept', requestId: state.requestId })}
          >
            Accept
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={pending}
            onClick={() => void act({ action: 'decline', requestId: state.requestId })}
          >
            Decline
          </button>
        </>
      );
      break;
    case 'friends':
      controls = (
        <>
          <span className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Friends</span>
          <button type="button" className={buttonStyles.secondary} disabled={pending} onClick={() => setConfirming(true)}>
            Unfriend
          </button>
        </>
      );
      break;
  }
  return (
    <div>
      <div role="group" aria-label={`Friendship with ${name}`} className="flex flex-wrap items-center gap-2">
        {controls}
      </div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {problem.message}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title={`Unfriend ${name}?`}
          description={`You will no longer see what ${name} shares with friends only, nor they what you do. You can send a friend request again later.`}
          confirmLabel="Unfriend"
          pendingLabel="Unfriending…"
          action={() => changeFriendship({ action: 'unfriend', userId })}
          onDone={(message) => {
            setConfirming(false);
            settle(message, { friendship: 'none' });
          }}
          danger
        />
      ) : null}
    </div>
  );
}
