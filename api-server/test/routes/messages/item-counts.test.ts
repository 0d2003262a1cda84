import { describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { tokenFor } from '../../helpers.ts';
import { get, insertClassified, insertEvent } from '../fixtures.ts';
import { MESSAGES, compose, expectRefused, open, reply, seasoned } from './message-fixtures.ts';

// GET /messages/items: an owner's conversations counted per listing or event, in one call for a
// dashboard's page (docs/api.md, "Messages").

const t = setupApi();

type Count = { item_id: number; total: number; unread: number };
async function counts(who: { token: string }, query: Record<string, string | number>): Promise<Count[]> {
  const res = await get(t, who.token, `${MESSAGES}/items`, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('GET /messages/items', () => {
  it("counts the owner's conversations about each item, and the unread ones; a reply leaves them read", async () => {
    const seller = await seasoned(t.db, 'Alice Seller');
    const [grace, frank] = [await seasoned(t.db, 'Grace Buyer'), await seasoned(t.db, 'Frank Buyer')];
    const bike = await insertClassified(t.db, seller.id, { title: 'Red bike' });
    const chair = await insertClassified(t.db, seller.id, { title: 'Blue chair' });
    const quiet = await insertClassified(t.db, seller.id, { title: 'Lamp' });
    const first = (await compose(t, grace, { item_type: 'classified', item_id: bike, body: 'Still there?' })).body.data.id;
    await compose(t, frank, { item_type: 'classified', item_id: bike, body: 'Any scratches?' });
    await compose(t, grace, { item_type: 'classified', item_id: chair, body: 'How tall is it?' });

    const ids = `${bike},${chair},${quiet}`;
    expect(await counts(seller, { item_type: 'classified', item_ids: ids })).toEqual([
      { item_id: bike, total: 2, unread: 2 },
      { item_id: chair, total: 1, unread: 1 },
      { item_id: quiet, total: 0, unread: 0 },
    ]);
    // Without ids: every item of theirs that has conversations.
    expect(await counts(seller, { item_type: 'classified' })).toEqual([
      { item_id: chair, total: 1, unread: 1 },
      { item_id: bike, total: 2, unread: 2 },
    ]);

    // Opening one reads it; a reply there keeps it read for the seller and leaves it unread for the buyer.
    await open(t, seller, first);
    expect((await reply(t, seller, first, 'Yes')).status).toBe(200);
    expect(await counts(seller, { item_type: 'classified', item_ids: String(bike) })).toEqual([{ item_id: bike, total: 2, unread: 1 }]);
    // The buyer's answer makes it unread again.
    expect((await reply(t, grace, first, 'Great, tomorrow?')).status).toBe(200);
    expect(await counts(seller, { item_type: 'classified', item_ids: String(bike) })).toEqual([{ item_id: bike, total: 2, unread: 2 }]);
    // Ids named twice are answered once.
    expect(await counts(seller, { item_type: 'classified', item_ids: `${chair}, ${chair}` })).toHaveLength(1);
  });

  it('counts events too', async () => {
    const owner = await seasoned(t.db, 'Olivia Organiser');
    const guest = await seasoned(t.db);
    const event = await insertEvent(t.db, owner.id, { title: 'Picnic' });
    expect((await compose(t, guest, { item_type: 'event', item_id: event, body: 'What should I bring?' })).status).toBe(200);
    expect(await counts(owner, { item_type: 'event', item_ids: String(event) })).toEqual([{ item_id: event, total: 1, unread: 1 }]);
    // A listing with the same id is another item.
    expect(await counts(owner, { item_type: 'classified', item_ids: String(event) })).toEqual([{ item_id: event, total: 0, unread: 0 }]);
  });

  it("gives nothing away about someone else's item, even to one who wrote about it", async () => {
    const seller = await seasoned(t.db);
    const buyer = await seasoned(t.db);
    const stranger = await seasoned(t.db);
    const bike = await insertClassified(t.db, seller.id);
    await compose(t, buyer, { item_type: 'classified', item_id: bike, body: 'Hello?' });
    const none = [{ item_id: bike, total: 0, unread: 0 }];
    expect(await counts(stranger, { item_type: 'classified', item_ids: String(bike) })).toEqual(none);
    expect(await counts(buyer, { item_type: 'classified', item_ids: String(bike) })).toEqual(none);
    expect(await counts(buyer, { item_type: 'classified' })).toEqual([]);
    // The same answer as for an item that does not exist.
    expect(await counts(stranger, { item_type: 'classified', item_ids: '99999999' })).toEqual([{ item_id: 99999999, total: 0, unread: 0 }]);
  });

  it('refuses bad parameters (400 naming them) and a client-credentials token (403)', async () => {
    const seller = await seasoned(t.db);
    for (const bad of ['', 'x', '1,,2', '0', '-1', '1;2', '12345678901234567']) {
      expectRefused(await get(t, seller.token, `${MESSAGES}/items`, { item_type: 'classified', item_ids: bad }), 400, 'item_ids');
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expectRefused(await get(t, seller.token, `${MESSAGES}/items`, { item_type: 'classified', item_ids: many }), 400, 'item_ids');
    expectRefused(await get(t, seller.token, `${MESSAGES}/items`, { item_type: 'album', item_ids: '1' }), 400, 'item_type');
    expectRefused(await get(t, seller.token, `${MESSAGES}/items`, { item_ids: '1' }), 400, 'item_type');
    const client = await tokenFor(t.db, null, ['messages']);
    expect((await get(t, client, `${MESSAGES}/items`, { item_type: 'classified' })).status).toBe(403);
    const noScope = await tokenFor(t.db, seller.id, ['basic']);
    expect((await get(t, noScope, `${MESSAGES}/items`, { item_type: 'classified' })).status).toBe(403);
  });
});
