import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { EmptyState } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import type { MessagesPageProps } from '@/lib/messages/list';
import type { MessageItemRef, MessageListQuery } from '@/lib/messages/list-query';
import type { ConversationSummary } from '@/lib/social-api/messages';
import { routes } from '@/lib/routes';
import { BackToMessages, ConversationPane } from './conversation-pane';
import { ConversationRows, FoundRows } from './conversation-list';
import { MessagesUnavailable } from './messages-unavailable';

export type MessagesViewProps = MessagesPageProps & {
  /** The opened conversation's event start, in the reader's words. */
  itemWhen?: string;
  /** The header counted unread conversations. */
  unread: boolean;
};

/**
 * /messages: the conversations (Inbox, Sent, a search) and, beside them on a wide screen, the one
 * opened from them; on a narrow screen the opened one takes the page, with a way back. Links and
 * GET forms throughout: it works without script.
 */
export function MessagesPage({ access, query, conversations, found, open, itemWhen, unread }: MessagesViewProps) {
  const list = (q: MessageListQuery) => routes.messages(q);
  const base: MessageListQuery = { folder: query.folder, q: query.q, page: query.page, item: query.q ? undefined : query.item };
  const opened = open?.conversation.id;
  return (
    <div className="mx-auto w-full">
      <div className={opened ? 'hidden lg:block' : ''}>
        <ListHeader title="Messages" action={access === 'ok' ? { href: routes.newMessage(), label: 'New message' } : undefined} />
      </div>
      {access !== 'ok' ? (
        <MessagesUnavailable access={access} />
      ) : (
        <div className="mt-4 gap-6 lg:grid lg:grid-cols-[20rem_minmax(0,1fr)]">
          <section aria-label="Your conversations" className={opened ? 'hidden lg:block' : ''}>
            <ListTabs
              label="Folders"
              tabs={[
                { href: list({}), label: 'Inbox', current: !query.q && query.folder !== 'sent' },
                { href: list({ folder: 'sent' }), label: 'Sent', current: !query.q && query.folder === 'sent' },
              ]}
            />
            <form role="search" action={routes.messages()} method="get" className="mt-3 flex gap-2">
              <label htmlFor="message-search" className="sr-only">
                Search your messages
              </label>
              <input
                id="message-search"
                type="search"
                name="q"
                defaultValue={query.q ?? ''}
                maxLength={100}
                placeholder="Search your messages"
                className="field mt-0"
              />
              <button type="submit" className="btn btn-secondary">
                Search
              </button>
            </form>
            {base.item ? (
              <ItemFilter item={base.item} conversations={conversations?.items} showAll={list({ folder: query.folder })} />
            ) : null}
            {found ? (
              found.items?.length ? (
                <FoundRows found={found.items} hrefs={found.items.map((m) => list({ ...base, open: m.conversation.id }))} />
              ) : (
                <EmptyState clearHref={list({})}>
                  {found.page > 1 ? 'No more messages.' : `No message of yours says “${query.q}”.`}
                </EmptyState>
              )
            ) : conversations?.items?.length ? (
              <ConversationRows
                conversations={conversations.items}
                hrefs={conversations.items.map((c) => list({ ...base, open: c.id }))}
                openId={opened}
              />
            ) : (
              <EmptyState>
                {conversations && conversations.page > 1
                  ? 'No more conversations.'
                  : base.item
                    ? 'No conversations about this item in this folder.'
                    : query.folder === 'sent'
                      ? 'You have not written to anyone yet.'
                      : 'No messages yet. Write to a friend from their profile, or to a seller from their listing.'}
              </EmptyState>
            )}
            <Pager
              label={found ? 'Pages of messages found' : 'Pages of conversations'}
              page={(found ?? conversations)?.page ?? 1}
              more={(found ?? conversations)?.more ?? false}
              hrefOf={(page) => list({ ...base, page })}
            />
            <p className="mt-4 text-sm">
              <a href={routes.privacySettings} className="link">
                Who may write to you, and blocked members
              </a>
            </p>
          </section>
          {open ? (
            <ConversationPane
              view={open}
              level={2}
              backLink={<BackToMessages href={list(base)} className="w-full lg:hidden" />}
              hrefOf={(before) => list({ ...base, open: open.conversation.id, before })}
              itemWhen={itemWhen}
              recount={unread}
            />
          ) : (
            <div className="hidden rounded-2xl border border-dashed border-slate-300 p-8 text-center lg:flex lg:items-center lg:justify-center dark:border-slate-700">
              <p className="muted">
                {query.open ? 'This conversation is no longer in your messages.' : 'Choose a conversation to read it here.'}
              </p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** "Conversations about “Red bike” · Show all": the list is one item's (a dashboard's "Messages" link). */
function ItemFilter({ item, conversations, showAll }: { item: MessageItemRef; conversations?: ConversationSummary[]; showAll: string }) {
  const title = conversations?.find((c) => c.item?.type === item.type && c.item.id === item.id)?.item?.title;
  return (
    <p className="mt-3 text-sm" data-testid="item-filter">
      Conversations about {title ? `“${title}”` : item.type === 'event' ? 'this event' : 'this listing'} ·{' '}
      <a href={showAll} className="link">
        Show all
      </a>
    </p>
  );
}
