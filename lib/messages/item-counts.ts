import type { Session } from '../auth/session.ts';
import { apiFetch } from '../social-api/client.ts';
import { apiConfig } from '../social-api/config.ts';
import { isApiError, isMissingExtension } from '../social-api/errors.ts';
import type { MessageItemType } from '../social-api/messages.ts';
import { canMessage } from './available.ts';

// A dashboard's "Messages" column (/dashboard/listings, /dashboard/events): how many conversations
// the owner has about each of their items, and how many are unread — one API call for the whole
// page (GET /messages/items, docs/api.md "Messages"), made beside the page's own read since it
// asks for every item of theirs that has any.

export interface ItemMessageCount {
  total: number;
  unread: number;
}

/** Each item's count by id (an item with none is absent). */
export type ItemMessageCounts = Record<number, ItemMessageCount>;

/**
 * The owner's conversations counted per item of `type` (every item of theirs that has some);
 * undefined from a server without messages (or without this endpoint) and for a token without the
 * `messages` scope: the column is then not shown.
 */
export async function getItemMessageCounts(token: string, type: MessageItemType): Promise<ItemMessageCounts | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/messages/items', { token, query: { item_type: type } });
  } catch (e) {
    // 400: a server with messages but without this extension reads "items" as a conversation's id.
    if (isMissingExtension(e) || isApiError(e, 403) || isApiError(e, 400)) return undefined;
    throw e;
  }
  const out: ItemMessageCounts = {};
  for (const row of Array.isArray(data) ? data : []) {
    const r = row as { item_id?: unknown; total?: unknown; unread?: unknown };
    const id = Number(r.item_id);
    const total = Number(r.total);
    if (!Number.isSafeInteger(id) || !(total > 0)) continue;
    out[id] = { total, unread: Math.max(0, Number(r.unread) || 0) };
  }
  return out;
}

/** The counts for a dashboard's page: none (the column hidden) where messages are not the reader's to use. */
export async function loadItemMessageCounts(session: Session, type: MessageItemType): Promise<ItemMessageCounts | undefined> {
  // The header's counts say whether messages are here (read once per request, with the header).
  const [here, counts] = await Promise.all([canMessage(session), getItemMessageCounts(session.accessToken, type)]);
  return here ? counts : undefined;
}
