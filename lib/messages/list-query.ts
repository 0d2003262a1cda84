import { id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/**
 * /messages as the URL says it: the folder (the inbox without it), the words looked for (the
 * search then lists messages, not conversations), the page, and the conversation opened beside
 * the list with the window of it (`before`: its messages older than that one).
 * /messages?folder=sent&page=2&open=12&before=340
 */
export const messageList = listQuery({
  folder: oneOf('sent'),
  q: text,
  page,
  open: id,
  before: id,
});

export type MessageListQuery = QueryOf<typeof messageList>;

/** /messages/new as the URL says it: the recipients (ids, comma-separated), an item it is about, a friend looked for. */
export interface NewMessageQuery {
  to: number[];
  item?: { type: 'classified' | 'event'; id: number };
  /** The event whose guests its owner writes to (a broadcast). */
  guestsOf?: number;
  find?: string;
}
