'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import type { FriendRequest } from '@/lib/social-api/friends';
import { changeFriendship } from './actions';

/** A pending friend request on /friends: one received (Accept, Decline) or sent (Cancel), answered in place. */
export function RequestRow({ request, incoming }: { request: FriendRequest; incoming: boolean }) {
  const { pending, problem, run } = useAction();
  const [done, setDone] = useState<string | null>(null);
  const announce = useAnnounce();
  const router = useRouter();
  const act = async (action: 'accept' | 'decline' | 'cancel') => {
    const res = await run(() => changeFriendship({ action, requestId: request.id }));
    if (!res.ok) return;
    setDone({ accept: 'Accepted: you are now friends.', decline: 'Declined.', cancel: 'Cancelled.' }[action]);
    announce(res.message);
    router.refresh();
  };
  const name = request.user.name;
  return (
    <div className="card flex flex-wrap items-center gap-3 p-3">
      <Avatar person={request.user} />
      <a href={routes.user(request.user.id)} className="name min-w-0 flex-1 truncate">
        {name}
      </a>
      {done ? (
        <span className="muted text-sm">{done}</span>
      ) : (
        <div role="group" aria-label={incoming ? `Friend request from ${name}` : `Friend request to ${name}`} className="flex gap-2">
          {incoming ? (
            <>
              <button type="button" className={buttonStyles.primary} disabled={pending} onClick={() => void act('accept')}>
                Accept
              </button>
              <button type="button" className={buttonStyles.secondary} disabled={pending} onClick={() => void act('decline')}>
                Decline
              </button>
            </>
          ) : (
            <button type="button" className={buttonStyles.secondary} disabled={pending} onClick={() => void act('cancel')}>
              Cancel request
            </button>
          )}
        </div>
      )}
      {problem ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
