import { Avatar } from '@/components/ui/avatar';
import { routes } from '@/lib/routes';
import type { Friend } from '@/lib/social-api/friends';

/** A friend in a list: picture, name (to their profile), and in another member's list whether they are the reader's friend too. */
export function FriendRow({ friend, you }: { friend: Friend; you?: boolean }) {
  return (
    <div className="card flex items-center gap-3 p-3" data-kb-item="">
      <Avatar person={friend} />
      <a href={routes.user(friend.id)} className="name min-w-0 flex-1 truncate" data-kb-open="">
        {friend.name}
      </a>
      {you ? (
        <span className="muted text-sm">You</span>
      ) : friend.mutual ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          Your friend too
        </span>
      ) : null}
    </div>
  );
}

/** A search within a list of friends: a GET form (it works without JavaScript). */
export function FriendSearch({ label, q, action }: { label: string; q?: string; action: string }) {
  return (
    <form role="search" method="get" action={action} className="mb-4 flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 text-sm font-medium">
        {label}
        <input name="q" type="search" defaultValue={q} maxLength={100} className="field mt-1 w-full" />
      </label>
      <button type="submit" className="btn btn-secondary">
        Search
      </button>
    </form>
  );
}
