import { id, listQuery, oneOf, page, text, type QueryOf, type Word } from '../list-query.ts';

/** The listing or event a conversation is about. */
export interface MessageItemRef {
  type: 'classified' | 'event';
  id: number;
}

/** An item in a URL as `type:id` (`classified:12`, `event:3`). */
const item: Word<MessageItemRef> = {
  read: (raw) => {
    const m = /^(classified|event):([1-9]\d{0,15})$/.exec(raw.trim());
    const n = Number(m?.[2]);
    return m && Number.isSafeInteger(n) ? { type: m[1] as MessageItemRef['type'], id: n } : undefined;
  },
  write: (v) => `${v.type}:${v.id}`,
};

/**
 * /messages as the URL says it: the folder (the inbox without it), the words looked for (the
 * search then lists messages, not conversations), the page, and the conversation opened beside
 * the list with the window of it (`before`: its messages older than that one); `item`: only the
 * conversations about one listing or event of the reader's (a dashboard's "Messages" column).
 * /messages?folder=sent&page=2&open=12&before=340, /messages?item=classified:12
 */
export const messageList = listQuery({
  folder: oneOf('sent'),
  q: text,
  page,
  open: id,
  before: id,
  item,
});

export type MessageListQuery = QueryOf<typeof messageList>;

/** /messages/new as the URL says it: the recipients (ids, comma-separated), an item it is about, a friend looked for. */
export interface NewMessageQuery {
  to: number[];
  item?: MessageItemRef;
  /** The event whose guests its owner writes to (a broadcast). */
  guestsOf?: number;
  /** The group whose members its owner writes to (a broadcast). */
  membersOf?: number;
  find?: string;
}
