import type { NotificationGroup } from '@/lib/social-api/activities';
import { groupHref, wordsOf } from '@/lib/notifications/words';
import { Avatar } from '@/components/ui/avatar';
import { PeopleList } from '@/components/ui/people-list';
import { RelativeTime } from '@/components/ui/relative-time';
import { NotificationActions, type NotificationAsk } from './notification-actions';

/** What the row lets the reader answer in place, when it asks for an answer that is still open. */
function askOf(g: NotificationGroup): NotificationAsk | undefined {
  if (g.kind === 'event_invite' && g.rsvp) return { kind: 'event_invite', eventId: g.item.id, rsvp: g.rsvp };
  if (g.kind === 'event_request' && g.pending) return { kind: 'event_request', eventId: g.item.id, userId: g.actors[0]!.id };
  if (g.kind === 'friend_request' && g.pending && g.requestId) return { kind: 'friend_request', requestId: g.requestId };
  return undefined;
}

/** A request the reader already answered (or that was withdrawn) says so instead of offering buttons. */
function answered(g: NotificationGroup): boolean {
  return (g.kind === 'event_request' || g.kind === 'group_request' || g.kind === 'friend_request') && g.pending === false;
}

/**
 * One row of the list: who (one person, or the people of a group, each reachable under "See
 * all"), what, when (the latest), a link to what it is about, and the answer it asks for.
 */
export function NotificationItem({ group: g }: { group: NotificationGroup }) {
  const href = groupHref(g);
  const { names, what } = wordsOf(g);
  const sentence = names ? `${names} ${what}` : what;
  const ask = askOf(g);
  const text = names ? (
    <>
      <span className="font-semibold">{names}</span> {what}
    </>
  ) : (
    what
  );
  return (
    <li
      data-kb-item=""
      data-testid="notification"
      className={`flex items-start gap-3 rounded-xl p-3 ${g.read ? '' : 'bg-indigo-50/70 dark:bg-indigo-950/40'}`}
    >
      <span className="flex shrink-0 -space-x-3">
        {g.actors.slice(0, 3).map((a) => (
          <span key={a.id} className="rounded-full ring-2 ring-white dark:ring-slate-900">
            <Avatar person={a} />
          </span>
        ))}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          {href ? (
            <a href={href} className="hover:underline" data-kb-open="">
              {text}
            </a>
          ) : (
            text
          )}
        </p>
        {g.message ? (
          <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-sm whitespace-pre-line dark:border-slate-700">
            {g.message}
          </blockquote>
        ) : null}
        <RelativeTime ms={g.latest} className="muted text-xs" />
        {g.actorCount > 2 ? (
          <details className="mt-1 text-sm">
            {/* The server names the latest few of a large group. */}
            <summary className="link cursor-pointer">
              {g.actors.length < g.actorCount ? `See the latest ${g.actors.length} of ${g.actorCount}` : `See all ${g.actorCount}`}
            </summary>
            <PeopleList people={g.actors} className="mt-1 space-y-1" />
          </details>
        ) : null}
        {ask ? <NotificationActions ask={ask} about={sentence} /> : answered(g) ? <p className="muted mt-1 text-sm">Answered</p> : null}
      </div>
      {g.read ? null : (
        <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-indigo-700 dark:text-indigo-300">
          <span aria-hidden="true" className="size-2 rounded-full bg-indigo-600" />
          New
        </span>
      )}
    </li>
  );
}
