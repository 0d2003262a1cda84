import { loadPage } from '../auth/page-session.ts';
import type { ListPageData } from '../list-page.ts';
import type { SearchParams } from '../list-query.ts';
import { isMissingScope } from '../social-api/errors.ts';
import { listConversations, searchMessages, type ConversationSummary, type FoundMessage } from '../social-api/messages.ts';
import { getHeaderCounts } from '../notifications/count.ts';
import { loadConversation, type ConversationView } from './conversation.ts';
import { messageList, type MessageListQuery } from './list-query.ts';

// The loaders of /messages and /messages/{id} (the page is `<X {...await loadX(props)} />`, as
// the list pages are): the list of a folder (or the messages a search found) and, beside it on a
// wide screen, the conversation opened from it — two API calls, in parallel —; a conversation on
// its own page, one.

/**
 * Whether the reader can read messages here: `absent` on a server without them (the page answers
 * 200 and says so, as /notifications does), `scope` for a sign-in older than messages (its token
 * lacks the `messages` scope: signing in again asks for it).
 */
export type MessagesAccess = 'ok' | 'absent' | 'scope';

const PAGE_SIZE = 20;

export interface MessagesPageProps {
  access: MessagesAccess;
  query: MessageListQuery;
  /** The folder's conversations (no search). */
  conversations?: ListPageData<ConversationSummary>;
  /** The messages the search found. */
  found?: ListPageData<FoundMessage>;
  /** The conversation opened beside the list; undefined when none is, or it is not the reader's. */
  open?: ConversationView;
  /** The header counted unread conversations (opening one changes that: the page asks for the counts again). */
  unread: boolean;
}

export type MessagesRouteProps = { searchParams: Promise<SearchParams> };

/** /messages: a folder (or a search) and the conversation opened beside it. */
export async function loadMessages({ searchParams }: MessagesRouteProps): Promise<MessagesPageProps> {
  const query = messageList.parse(await searchParams);
  const page = query.page ?? 1;
  return loadPage(async (s) => {
    try {
      const paging = { page, limit: PAGE_SIZE };
      const [items, open, counts] = await Promise.all([
        query.q
          ? searchMessages(s.accessToken, query.q, paging)
          : listConversations(s.accessToken, query.folder === 'sent' ? 'outbox' : 'inbox', { ...paging, item: query.item }),
        query.open ? loadConversation(s, query.open, query.before) : undefined,
        getHeaderCounts(s.userId, s.accessToken),
      ]);
      const unread = (counts?.messages ?? 0) > 0;
      if (items === undefined) return { access: 'absent', query, unread };
      const list = { items, page, pageSize: PAGE_SIZE, more: items.length === PAGE_SIZE };
      return {
        access: 'ok',
        query,
        unread,
        ...(query.q ? { found: list as ListPageData<FoundMessage> } : { conversations: list as ListPageData<ConversationSummary> }),
        ...(open ? { open } : {}),
      };
    } catch (e) {
      if (isMissingScope(e)) return { access: 'scope', query, unread: false };
      throw e;
    }
  });
}

export interface ConversationPageProps {
  access: MessagesAccess;
  /** undefined (with access `ok`): not the reader's, or gone: the page is the segment's not-found. */
  view?: ConversationView;
  unread: boolean;
}

/** /messages/{id}: the conversation alone (`before`: the window of its older messages). */
export async function loadConversationPage(id: number, before: number | undefined): Promise<ConversationPageProps> {
  return loadPage(async (s) => {
    try {
      const [view, counts] = await Promise.all([loadConversation(s, id, before), getHeaderCounts(s.userId, s.accessToken)]);
      const unread = (counts?.messages ?? 0) > 0;
      if (view) return { access: 'ok', view, unread };
      // The API answers 404 for a conversation that is not the reader's, and a server without
      // messages for the path: the header's counts (read once per request) tell the two apart.
      return { access: counts?.messages != null ? 'ok' : 'absent', unread };
    } catch (e) {
      if (isMissingScope(e)) return { access: 'scope', unread: false };
      throw e;
    }
  });
}
