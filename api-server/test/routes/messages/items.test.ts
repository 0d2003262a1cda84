import { describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { get, insertClassified, insertEvent, post } from '../fixtures.ts';
import { MESSAGES, compose, expectRefused, folder, friends, open, reply, seasoned } from './message-fixtures.ts';

// Conversations about a listing ("Contact seller") or an event ("Message organiser"), an event's
// broadcast to its guests (multi=event), and reporting a message (docs/api.md, "Messages").

const t = setupApi();

const contact = (from: Awaited<ReturnType<typeof seasoned>>, type: 'classified' | 'event', id: number, body = 'Is it still available?') =>
  compose(t, from, { item_type: type, item_id: id, body });

describe('a conversation about a listing', () => {
  it("reaches the seller whatever their privacy says, carries the item's card, and a second one goes on in the first", async () => {
    const seller = await seasoned(t.db, 'Alice Seller');
    const buyer = await seasoned(t.db, 'Grace Buyer');
    await t.db.updateTable('users').set({ privacy_message: 'none' }).where('id', '=', seller.id).execute();
    const listing = await insertClassified(t.db, seller.id, { title: 'Red bike' });

    const first = await contact(buyer, 'classified', listing);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.data.id;
    const card = { type: 'classified', id: listing, title: 'Red bike', thumb: '', is_closed: false, price: '$100.00' };
    expect((await open(t, seller, id)).item).toEqual(card);
    expect((await folder(t, seller, 'inbox'))[0]).toMatchObject({ id, title: 'Red bike', item: card });

    const again = await contact(buyer, 'classified', listing, 'Hello again?');
    expect(again.body.data.id).toBe(id);
    expect((await open(t, seller, id)).messages.map((m: { body: string }) => m.body)).toEqual(['Is it still available?', 'Hello again?']);
    // Replies both ways, the setting notwithstanding.
    expect((await reply(t, seller, id, 'Yes it is')).status).toBe(200);

    // The seller's conversations about that listing only.
    const other = await seasoned(t.db);
    const otherId = (await contact(other, 'classified', listing)).body.data.id;
    const elsewhere = await insertClassified(t.db, seller.id, { title: 'Blue chair' });
    await contact(other, 'classified', elsewhere);
    const about = await folder(t, seller, 'inbox', { item_type: 'classified', item_id: listing });
    expect(about.map((c) => c.id).sort()).toEqual([id, otherId].sort());
    expectRefused(await get(t, seller.token, `${MESSAGES}/inbox`, { item_type: 'classified' }), 400, 'item_id');
  });

  it("refuses one's own listing, a closed one, one hidden from the buyer (404) and a `to` that is not the seller", async () => {
    const seller = await seasoned(t.db);
    const buyer = await seasoned(t.db);
    const listing = await insertClassified(t.db, seller.id);
    expectRefused(await contact(seller, 'classified', listing), 403, 'to', /your own listing/);
    const closed = await insertClassified(t.db, seller.id, { is_closed: 1 });
    expectRefused(await contact(buyer, 'classified', closed), 403, 'to', /closed/);
    const hidden = await insertClassified(t.db, seller.id, { auth_view: 'owner' });
    expectRefused(await contact(buyer, 'classified', hidden), 404);
    expectRefused(await contact(buyer, 'classified', 99999999), 404);
    expectRefused(await compose(t, buyer, { item_type: 'classified', item_id: listing, to: String(buyer.id), body: 'x' }), 400, 'to');
    expectRefused(await compose(t, buyer, { item_id: listing, body: 'x' }), 400, 'item_type');
    expect(await folder(t, seller, 'inbox')).toEqual([]);
  });
});

describe('a conversation about an event', () => {
  it('reaches the organiser for a guest who can see it or was invited', async () => {
    const owner = await seasoned(t.db, 'Olivia Organiser');
    const guest = await seasoned(t.db);
    const open_ = await insertEvent(t.db, owner.id, { title: 'Picnic' });
    const res = await contact(guest, 'event', open_, 'What should I bring?');
    expect(res.status).toBe(200);
    const event = await t.db.selectFrom('events').select(['start_time', 'timezone']).where('id', '=', open_).executeTakeFirstOrThrow();
    expect((await open(t, owner, res.body.data.id)).item).toEqual({
      type: 'event',
      id: open_,
      title: 'Picnic',
      thumb: expect.any(String),
      is_closed: false,
      start_at: event.start_time,
      timezone: event.timezone,
    });

    const privateEvent = await insertEvent(t.db, owner.id, { auth_view: 'owner' });
    expectRefused(await contact(guest, 'event', privateEvent), 404);
    await t.db
      .insertInto('event_members')
      .values({ event_id: privateEvent, user_id: guest.id, rsvp: 'awaiting_reply', invited_by: owner.id, created_at: 1 })
      .execute();
    expect((await contact(guest, 'event', privateEvent)).status).toBe(200);
    expectRefused(await contact(owner, 'event', open_), 403, 'to', /your own event/);
  });
});

describe("an event's broadcast to its guests (multi=event)", () => {
  it('reaches every guest at once, with replies turned off; only the owner may send one', async () => {
    const owner = await seasoned(t.db, 'Olivia Organiser');
    const [going, maybe, invited, declined] = [await seasoned(t.db), await seasoned(t.db), await seasoned(t.db), await seasoned(t.db)];
    const event = await insertEvent(t.db, owner.id, { title: 'Board games' });
    const rows = [
      [going, 'attending'],
      [maybe, 'maybe_attending'],
      [invited, 'awaiting_reply'],
      [declined, 'not_attending'],
    ] as const;
    for (const [m, rsvp] of rows) {
      await t.db.insertInto('event_members').values({ event_id: event, user_id: m.id, rsvp, invited_by: null, created_at: 1 }).execute();
    }
    expect((await get(t, owner.token, `/api/v1/events/${event}`, { fields: 'can_compose' })).body.data.can_compose).toBe(true);
    expect((await get(t, going.token, `/api/v1/events/${event}`, { fields: 'can_compose' })).body.data.can_compose).toBe(false);

    expectRefused(await compose(t, going, { multi: 'event', to: String(event), body: 'Hi all' }), 403, 'to', /owner/);
    const res = await compose(t, owner, { multi: 'event', to: String(event), body: 'Starts at 7' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    for (const m of [going, maybe, invited]) {
      const [entry] = await folder(t, m, 'inbox');
      expect(entry).toMatchObject({
        id,
        title: 'Board games',
        locked: true,
        participant: { type: 'event', id: event, title: 'Board games' },
      });
      expect(await open(t, m, id)).toMatchObject({ can_reply: false, locked: true });
      expectRefused(await reply(t, m, id, 'Thanks'), 403, 'to', /Replies are turned off/);
    }
    expect(await folder(t, declined, 'inbox')).toEqual([]);
    expectRefused(await reply(t, owner, id, 'And bring snacks'), 403, 'to');
    // An event's id is no group's (issue 48: multi=group messages a group's members).
    expectRefused(await compose(t, owner, { multi: 'group', to: String(event), body: 'x' }), 404);
    const empty = await insertEvent(t.db, owner.id);
    expectRefused(await compose(t, owner, { multi: 'event', to: String(empty), body: 'x' }), 400, 'to', /no guests to message yet/);
  });

  it('leaves out the guests a block stands between, and says so when that is all of them', async () => {
    const owner = await seasoned(t.db);
    const [blockedByOwner, blocksOwner, other] = [await seasoned(t.db), await seasoned(t.db), await seasoned(t.db)];
    const event = await insertEvent(t.db, owner.id, { title: 'Quiz night' });
    for (const m of [blockedByOwner, blocksOwner, other]) {
      await t.db
        .insertInto('event_members')
        .values({ event_id: event, user_id: m.id, rsvp: 'attending', invited_by: null, created_at: 1 })
        .execute();
    }
    expect((await post(t, owner.token, '/api/v1/users/block', { id: blockedByOwner.id })).status).toBe(200);
    expect((await post(t, blocksOwner.token, '/api/v1/users/block', { id: owner.id })).status).toBe(200);
    const sent = await compose(t, owner, { multi: 'event', to: String(event), body: 'Teams of four' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await folder(t, other, 'inbox')).map((c: { id: number }) => c.id)).toEqual([sent.body.data.id]);
    for (const m of [blockedByOwner, blocksOwner]) expect(await folder(t, m, 'inbox')).toEqual([]);

    await t.db.deleteFrom('event_members').where('event_id', '=', event).where('user_id', '=', other.id).execute();
    expectRefused(
      await compose(t, owner, { multi: 'event', to: String(event), body: 'Still on?' }),
      400,
      'to',
      /you cannot message: you blocked each of them, or they blocked you/,
    );
  });
});

describe('POST /core/report item_type=message', () => {
  it('takes a report from a member of the conversation only, not of one’s own message', async () => {
    const [alice, grace] = await friends(t.db);
    const frank = await seasoned(t.db);
    const id = (await compose(t, alice, { to: String(grace.id), body: 'Buy cheap pills' })).body.data.id;
    const messageId = (await open(t, grace, id)).messages[0].id;
    const report = (who: typeof alice) =>
      post(t, who.token, '/api/v1/core/report', { item_type: 'message', item_id: messageId, type: 'spam', description: 'Spam' });
    expectRefused(await report(frank), 404);
    expectRefused(await report(alice), 403);
    const res = await report(grace);
    expect(res.status).toBe(200);
    const stored = await t.db.selectFrom('reports').selectAll().where('item_type', '=', 'message').execute();
    expect(stored).toEqual([expect.objectContaining({ reporter_id: grace.id, item_id: messageId, type: 'spam' })]);
  });
});
