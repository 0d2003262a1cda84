'use client';

import type { ConversationSummary, FoundMessage } from '@/lib/social-api/messages';
import { participantName } from '@/lib/messages/words';
import { Avatar } from '@/components/ui/avatar';
import { timeTag, useClock } from '@/components/ui/relative-time';

// The rows of /messages' list pane: the folder's conversations, or the messages a search found.
// One component for all the rows (a clock read once), each row a plain link (the chrome's
// ClientLinks navigates), the opened one marked.

export type ConversationRowsProps = {
  conversations: ConversationSummary[];
  /** The address that opens each (beside the list). */
  hrefs: string[];
  openId?: number;
};

/** The folder's conversations: picture, who, title, the latest words, when, unread marked. */
export function ConversationRows({ conversations, hrefs, openId }: ConversationRowsProps) {
  const clock = useClock();
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Conversations">
      {conversations.map((c, i) => {
        const who = participantName(c.participant);
        // The one opened beside the list was read as the page was made (the list was read at the same time).
        const read = c.read || c.id === openId;
        const picture =
          c.participant.kind === 'member'
            ? c.participant.who
            : { name: who, image: c.participant.kind === 'event' || c.participant.kind === 'group' ? c.participant.image : '' };
        return (
          <li key={c.id} data-kb-item="" data-testid="conversation-row">
            <a
              href={hrefs[i]}
              aria-current={c.id === openId ? 'true' : undefined}
              data-kb-open=""
              className={`flex gap-3 rounded-xl p-3 hover:bg-slate-50 aria-[current=true]:bg-indigo-50 dark:hover:bg-slate-800/60 dark:aria-[current=true]:bg-indigo-950/60 ${read ? '' : 'font-semibold'}`}
            >
              <Avatar person={picture} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="truncate">{who}</span>
                  <span className="muted ml-auto shrink-0 text-xs font-normal">{timeTag(clock, { ms: c.at })}</span>
                </span>
                <span className="block truncate text-sm">{c.title}</span>
                <span className="muted block truncate font-normal">{c.excerpt}</span>
              </span>
              {read ? null : (
                <span className="mt-1 size-2.5 shrink-0 rounded-full bg-indigo-600 dark:bg-indigo-400" role="img" aria-label="Unread" />
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export type FoundRowsProps = {
  found: FoundMessage[];
  hrefs: string[];
};

/** The messages a search found, each opening its conversation. */
export function FoundRows({ found, hrefs }: FoundRowsProps) {
  const clock = useClock();
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Messages found">
      {found.map((m, i) => (
        <li key={m.id} data-kb-item="">
          <a href={hrefs[i]} data-kb-open="" className="flex gap-3 rounded-xl p-3 hover:bg-slate-50 dark:hover:bg-slate-800/60">
            <Avatar person={m.from} />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-2">
                <span className="truncate font-semibold">{m.from.name}</span>
                <span className="muted ml-auto shrink-0 text-xs">{timeTag(clock, { ms: m.at })}</span>
              </span>
              <span className="block truncate text-sm">{m.conversation.title}</span>
              <span className="muted block">{m.excerpt}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
