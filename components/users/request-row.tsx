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

type Action = 'accept' | 'decline' | 'cancel';
const OUTCOME: Record<Action, string> = { accept: 'Accepted: you are now friends.', decline: 'Declined.', cancel: 'Cancelled.' };

/**
 * The pending friend requests on /friends, received (Accept, Decline) or sent (Cancel). An
 * answer refreshes the page (a new friend joins the list below), and the request leaves the
 * server's list: the rows answered here stay where they were, with what became of them, so
 * that nothing vanishes under the pointer. Rendered even when there is nothing pending, so
 * that those rows survive the refresh.
 */
export function RequestSection({ requests, incoming }: { requests: FriendRequest[]; incoming: boolean }) {
  const [shown, setShown] = useState(requests);
  const [answered, setAnswered] = useState<Record<number, string>>({});
  // New requests (a refresh brought them) join the rows shown; React's pattern for state
  // derived from props, set during render.
  const fresh = requests.filter((r) => !shown.some((s) => s.id === r.id));
  if (fresh.length) setShown([...fresh, ...shown]);
  const rows = shown.filter((r) => answered[r.id] || requests.some((p) => p.id === r.id));
  if (!rows.length) return null;
  const id = incoming ? 'requests-in' : 'requests-out';
  const title = incoming ? 'Friend requests' : 'Requests you sent';
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
        {requests.length ? ` (${requests.length})` : null}
      </h2>
      <ul className="mt-3 grid gap-3">
        {rows.map((r) => (
          <li key={r.id}>
            <RequestRow
              request={r}
              incoming={incoming}
              done={answered[r.id]}
              onDone={(action) => setAnswered((a) => ({ ...a, [r.id]: OUTCOME[action] }))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestRow({
  request,
  incoming,
  done,
  onDone,
}: {
  request: FriendRequest;
  incoming: boolean;
  done: string | undefined;
  onDone: (action: Action) => void;
}) {
  const { pending, problem, run } = useAction();
  const announce = useAnnounce();
  const router = useRouter();
  const act = async (action: Action) => {
    const res = await run(() => changeFriendship({ action, requestId: request.id }));
    if (!res.ok) return;
    onDone(action);
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
