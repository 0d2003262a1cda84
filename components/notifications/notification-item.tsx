import { ITEM_KINDS, itemHref } from '@/lib/routes';
import type { Notification } from '@/lib/social-api/activities';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';

/** What happened, in words: "liked your post “…”". */
function whatHappened(n: Notification): string {
  const noun = ITEM_KINDS[n.item.type].noun;
  const title = n.title ? ` “${n.title}”` : '';
  switch (n.kind) {
    case 'like':
      return n.commentId ? `liked your comment on the ${noun}${title}` : `liked your ${noun}${title}`;
    case 'comment':
      return `commented on your ${noun}${title}`;
    case 'share':
      return `shared your ${noun}${title}`;
    case 'tag':
      return `tagged you in a ${noun}${title}`;
    case 'event_invite':
      return `invited you to the event${title}`;
    case 'event_request':
      return `asked to join your event${title}`;
  }
}

/** One notification: who, what, when, linking to the item when its page exists; an unread one is marked. */
export function NotificationItem({ notification: n }: { notification: Notification }) {
  const href = itemHref(n.item);
  const className = `flex items-start gap-3 rounded-xl p-3 ${href ? 'hover:bg-slate-50 dark:hover:bg-slate-800/60' : ''} ${n.read ? '' : 'bg-indigo-50/70 dark:bg-indigo-950/40'}`;
  const content = (
    <>
      <Avatar person={n.actor} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm">
          <span className="font-semibold">{n.actor.name}</span> {whatHappened(n)}
        </span>
        <RelativeTime ms={n.createdAt} className="muted text-xs" />
      </span>
      {n.read ? null : (
        <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-indigo-700 dark:text-indigo-300">
          <span aria-hidden="true" className="size-2 rounded-full bg-indigo-600" />
          New
        </span>
      )}
    </>
  );
  // Items whose page is not built yet are listed without a link (lib/routes.ts).
  return (
    <li data-kb-item="">
      {href ? (
        <a href={href} className={className} data-kb-open="">
          {content}
        </a>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}
