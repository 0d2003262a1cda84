import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConversations, sendMessage } from '../social-api/messages.ts';
import { apiError, startRelay, type Relay } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { getItemMessageCounts } from './item-counts.ts';
import { messageList } from './list-query.ts';

// A dashboard's "Messages" column (lib/messages/item-counts.ts) against the real api-server
// (GET /messages/items, docs/api.md "Messages"), and /messages filtered to one item in its URL.

const api = setupRealApi();
const { demo, grace, henry } = membersOf(api, ['demo', 'grace', 'henry']);

let relay: Relay;
let without = false;
beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (_, _method, path) =>
    without && path.startsWith('/messages') ? apiError(404, 'not_found', 'No such endpoint.') : undefined,
  );
  process.env.SOCIAL_API_URL = relay.baseUrl;
});
afterAll(async () => {
  await relay?.close();
});

describe('the conversations counted per item', () => {
  it('gives the seller the seeded "Contact seller" on its listing, unread, and a new one on top; nothing to the buyer', async () => {
    const about = (await listConversations(demo.token, 'inbox'))!.find((c) => c.item?.type === 'classified')!;
    const listing = about.item!.id;
    expect((await getItemMessageCounts(demo.token, 'classified'))![listing]).toEqual({ total: 1, unread: 1 });

    await sendMessage(henry.token, { item: { type: 'classified', id: listing }, body: 'Would you take less for it?' });
    expect((await getItemMessageCounts(demo.token, 'classified'))![listing]).toEqual({ total: 2, unread: 2 });
    // Only those conversations the buyers listed are about that listing.
    const filtered = (await listConversations(demo.token, 'inbox', { item: { type: 'classified', id: listing } }))!;
    expect(filtered).toHaveLength(2);

    // The buyer wrote about it: it is not hers, so nothing is counted for her.
    expect(await getItemMessageCounts(grace.token, 'classified')).toEqual({});
    expect(await getItemMessageCounts(demo.token, 'event')).toEqual({});
  });

  it('is undefined from a server without messages (the column is then hidden)', async () => {
    without = true;
    try {
      expect(await getItemMessageCounts(demo.token, 'classified')).toBeUndefined();
    } finally {
      without = false;
    }
  });
});

describe('/messages?item=', () => {
  it('reads and writes an item as type:id, and ignores anything else', () => {
    expect(messageList.parse({ item: 'classified:12' }).item).toEqual({ type: 'classified', id: 12 });
    expect(messageList.parse({ item: 'event:3' }).item).toEqual({ type: 'event', id: 3 });
    for (const bad of ['album:1', 'classified:0', 'classified:x', 'classified', '12', 'classified:99999999999999999']) {
      expect(messageList.parse({ item: bad }).item).toBeUndefined();
    }
    expect(messageList.search({ item: { type: 'event', id: 3 } })).toBe('?item=event%3A3');
  });
});
