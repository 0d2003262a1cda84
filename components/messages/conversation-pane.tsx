import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ParsedEnd } from '@/components/ui/parsed-end';
import type { ConversationView } from '@/lib/messages/conversation';
import { Conversation } from './conversation';
import { ConversationMenu } from './conversation-menu';
import { ItemCard } from './item-card';

export type ConversationPaneProps = {
  view: ConversationView;
  /** Its heading's level: h1 on its own page, h2 beside the list. */
  level: 1 | 2;
  /** The way back to the list (on a narrow screen beside it, or on its own page). */
  backLink: ReactNode;
  /** Addresses of this conversation's windows on the page it is shown on: the newest (`undefined`), older than an id. */
  hrefOf: (before?: number) => string;
  /** An event's start in the reader's words, for the item's card. */
  itemWhen?: string;
  /** The header counted unread conversations when the page was made. */
  recount: boolean;
};

/** "Alice Martin", "Alice Martin and Bob Chen", "Alice Martin, Bob Chen and 3 others". */
function namesOf(people: ReadonlyArray<{ name: string }>): string {
  const names = people.map((p) => p.name);
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}

/** A conversation: its title and people, its own actions, the item it is about, the messages and the composer. */
export function ConversationPane({ view, level, backLink, hrefOf, itemWhen, recount }: ConversationPaneProps) {
  const { conversation: c, viewerId, closedBecause, other, before } = view;
  const others = c.members.filter((m) => m.id !== viewerId);
  const Heading = level === 1 ? 'h1' : 'h2';
  const titleId = `conversation-${c.id}-title`;
  const back = hrefOf();
  return (
    <section
      aria-labelledby={titleId}
      className="shown-when-parsed card flex h-[calc(100dvh-11rem)] min-h-[26rem] flex-col p-4 lg:h-[calc(100dvh-9rem)]"
      data-testid="conversation"
    >
      <header className="flex flex-wrap items-start gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">
        {backLink}
        {others[0] ? <Avatar person={others[0]} /> : null}
        {/* At least 10rem: on a narrow screen the actions go to the next line rather than squeeze the title. */}
        <div className="min-w-40 flex-1">
          <Heading id={titleId} className="truncate text-lg font-bold">
            {c.title}
          </Heading>
          <p className="muted truncate">
            {c.locked
              ? c.item?.type === 'event'
                ? 'To the guests of the event'
                : 'To the members of the group'
              : others.length
                ? `With ${namesOf(others)}`
                : 'Nobody else is left here'}
          </p>
        </div>
        <ConversationMenu conversationId={c.id} other={other} back={back} />
      </header>
      {c.item ? <ItemCard item={c.item} when={itemWhen} /> : null}
      <Conversation
        // A new window (a navigation to older or newer messages) is a new list.
        key={`${c.id}:${before ?? ''}`}
        id={c.id}
        viewerId={viewerId}
        group={others.length > 1}
        messages={c.messages}
        older={c.older}
        newest={c.newest}
        newestHref={before ? back : undefined}
        olderHref={c.older !== null ? hrefOf(c.older) : null}
        closedBecause={closedBecause}
        back={back}
        writeTo={others.length ? `Write to ${namesOf(others)}` : 'Write a message'}
        recount={recount}
      />
      <ParsedEnd />
    </section>
  );
}

/** The link back to the conversations. */
export function BackToMessages({ href, className = '' }: { href: string; className?: string }) {
  return (
    <a href={href} className={`link self-center text-sm ${className}`}>
      <span aria-hidden="true">← </span>
      All messages
    </a>
  );
}
