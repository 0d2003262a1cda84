import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { type Answer, befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addMember, DAY, eventCategory, FLAG_KEYS, LIST_KEYS, makeEvent, makeUsers, OWNER_KEYS } from './event-fixtures.ts';

const t = setupApi();
let owner: number, friend: number, stranger: number, other: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;
const URL = '/api/v1/events';
const ids = (res: Answer) => res.body.data.map((e: { id: number }) => e.id);

beforeAll(async () => {
  [owner, friend, stranger, other] = (await makeUsers(t.db, 4, createUser)) as [number, number, number, number];
  await befriend(t.db, owner, friend);
  ownerToken = await tokenFor(t.db, owner);
  friendToken = await tokenFor(t.db, friend);
  strangerToken = await tokenFor(t.db, stranger);
  clientToken = await tokenFor(t.db, null);
});

/** A user of their own with events, so that each test lists only what it made. */
async function host() {
  const id = (await createUser(t.db)).id;
  return { id, token: await tokenFor(t.db, id) };
}

describe('GET /events', () => {
  it('lists upcoming events soonest first, each with the list item fields', async () => {
    const h = await host();
    const t0 = now();
    const later = await makeEvent(t.db, h.id, { start: t0 + 3 * DAY, title: 'Later' });
    const soon = await makeEvent(t.db, h.id, { start: t0 + DAY, title: 'Soon' });
    const ongoing = await makeEvent(t.db, h.id, { start: t0 - 3600, end: t0 + 3600, title: 'Going on now' });
    await makeEvent(t.db, h.id, { start: t0 - 2 * DAY, end: t0 - DAY, title: 'Over' });
    const res = await get(t, strangerToken, URL, { user_id: h.id });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([ongoing, soon, later]);
    const item = res.body.data[1];
    expect(Object.keys(item)).toEqual(LIST_KEYS);
    expect(Object.keys(item.owner)).toEqual(OWNER_KEYS);
    expect(item).toMatchObject({
      id: soon,
      title: 'Soon',
      thumb: '',
      description: 'A gathering',
      total_member: 1,
      can_join: true,
      can_edit: false,
    });
    expect(item.start_datetime).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) UTC$/);
  });

  it('writes start_datetime in the event zone', async () => {
    const h = await host();
    await makeEvent(t.db, h.id, { start: Date.UTC(2031, 11, 6, 0, 0) / 1000, timezone: 'America/New_York' });
    const res = await get(t, strangerToken, URL, { user_id: h.id, fields: 'start_datetime' });
    expect(res.body.data).toEqual([{ start_datetime: 'Friday, December 5, 2031 at 7:00 PM EST' }]);
  });

  it('lists ended events with when=past, most recent first, and both with when=all', async () => {
    const h = await host();
    const t0 = now();
    const old = await makeEvent(t.db, h.id, { start: t0 - 10 * DAY, end: t0 - 9 * DAY });
    const recent = await makeEvent(t.db, h.id, { start: t0 - 3 * DAY, end: t0 - 2 * DAY });
    const next = await makeEvent(t.db, h.id, { start: t0 + DAY });
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, when: 'past' }))).toEqual([recent, old]);
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, when: 'all' }))).toEqual([old, recent, next]);
    expect((await get(t, strangerToken, URL, { when: 'yesterday' })).status).toBe(400);
  });

  it('answers only the fields asked for; start_datetime only when named; unknown names refused', async () => {
    const h = await host();
    const id = await makeEvent(t.db, h.id);
    expect((await get(t, strangerToken, URL, { user_id: h.id, fields: 'id,title' })).body.data).toEqual([
      { id, title: expect.any(String) },
    ]);
    expect(Object.keys((await get(t, strangerToken, URL, { user_id: h.id, fields: 'id,start_datetime,can_join' })).body.data[0])).toEqual([
      'id',
      'start_datetime',
      'can_join',
    ]);
    expect(Object.keys((await get(t, strangerToken, URL, { user_id: h.id, fields: FLAG_KEYS.join(',') })).body.data[0])).toEqual(FLAG_KEYS);
    for (const bad of ['nope', 'id,nope', 'id,secret']) {
      const res = await get(t, strangerToken, URL, { fields: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.data.error_params[0].name).toBe('fields');
    }
  });

  it('finds keywords in the title or the description, taking % literally', async () => {
    const h = await host();
    const a = await makeEvent(t.db, h.id, { title: 'Salsa evening' });
    const b = await makeEvent(t.db, h.id, { title: 'Dance', description: 'Salsa and tango' });
    await makeEvent(t.db, h.id, { title: 'Chess' });
    const pct = await makeEvent(t.db, h.id, { title: '100% fun' });
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, keywords: 'salsa' })).sort()).toEqual([a, b].sort());
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, keywords: '0%' }))).toEqual([pct]);
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, keywords: '%' }))).toEqual([pct]);
  });

  it('filters by category and by owner', async () => {
    const h = await host();
    const sports = await eventCategory(t.db, 'Sports');
    const music = await eventCategory(t.db, 'Music');
    const game = await makeEvent(t.db, h.id, { category_id: sports });
    await makeEvent(t.db, h.id, { category_id: music });
    await makeEvent(t.db, h.id);
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, category_id: sports }))).toEqual([game]);
    expect(ids(await get(t, strangerToken, URL, { user_id: 999999 }))).toEqual([]);
  });

  it("view=only_my_friend lists only events of the reader's friends; a client-credentials token gets none", async () => {
    const mine = await makeEvent(t.db, friend, { title: 'friend-view-test' });
    await makeEvent(t.db, other, { title: 'friend-view-test' });
    expect(ids(await get(t, ownerToken, URL, { keywords: 'friend-view-test', view: 'only_my_friend' }))).toEqual([mine]);
    expect(ids(await get(t, ownerToken, URL, { keywords: 'friend-view-test', view: 'everyone' }))).toHaveLength(2);
    expect(ids(await get(t, clientToken, URL, { keywords: 'friend-view-test', view: 'only_my_friend' }))).toEqual([]);
    expect((await get(t, ownerToken, URL, { view: 'enemies' })).status).toBe(400);
  });

  it('sorts by creation date newest first, and by attending count most first', async () => {
    const h = await host();
    const t0 = now();
    const a = await makeEvent(t.db, h.id, { start: t0 + DAY, created_at: t0 - 300 });
    const b = await makeEvent(t.db, h.id, { start: t0 + 2 * DAY, created_at: t0 - 100 });
    const c = await makeEvent(t.db, h.id, { start: t0 + 3 * DAY, created_at: t0 - 200 });
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, sort: 'creation_date' }))).toEqual([b, c, a]);
    const people = await makeUsers(t.db, 3, createUser);
    await addMember(t.db, c, people[0]!, 'attending');
    await addMember(t.db, c, people[1]!, 'attending');
    await addMember(t.db, b, people[0]!, 'attending');
    await addMember(t.db, a, people[2]!, 'maybe_attending');
    const res = await get(t, strangerToken, URL, { user_id: h.id, sort: 'member_count', fields: 'id,total_member' });
    expect(res.body.data).toEqual([
      { id: c, total_member: 3 },
      { id: b, total_member: 2 },
      { id: a, total_member: 1 },
    ]);
    expect((await get(t, strangerToken, URL, { sort: 'popular' })).status).toBe(400);
  });

  it('pages with page and limit; limit defaults to 10 and is clamped to 1–50', async () => {
    const h = await host();
    const t0 = now();
    const made: number[] = [];
    for (let i = 0; i < 52; i++) made.push(await makeEvent(t.db, h.id, { start: t0 + DAY + i * 60 }));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id }))).toEqual(made.slice(0, 10));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, limit: 3, page: 2 }))).toEqual(made.slice(3, 6));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, limit: 0 }))).toEqual(made.slice(0, 1));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, limit: 500 }))).toEqual(made.slice(0, 50));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, limit: 50, page: 2 }))).toEqual(made.slice(50));
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id, page: 9 }))).toEqual([]);
  });

  it('leaves out what the privacy hides from the reader (owner, friend, stranger, client-credentials token)', async () => {
    const byView: Record<string, number> = {};
    for (const view of ['everyone', 'registered', 'owner_member', 'owner'] as const) {
      byView[view] = await makeEvent(t.db, owner, { auth_view: view, title: 'privacy-matrix' });
    }
    const seen = async (token: string) => ids(await get(t, token, URL, { keywords: 'privacy-matrix' })).sort();
    expect(await seen(ownerToken)).toEqual(Object.values(byView).sort());
    expect(await seen(friendToken)).toEqual([byView.everyone, byView.registered, byView.owner_member].sort());
    expect(await seen(strangerToken)).toEqual([byView.everyone, byView.registered].sort());
    expect(await seen(clientToken)).toEqual([byView.everyone]);
  });

  it("leaves an event with allow_search=0 out of other people's lists and searches, not out of its owner's", async () => {
    const h = await host();
    const hidden = await makeEvent(t.db, h.id, { allow_search: 0, title: 'Secret rave' });
    expect(ids(await get(t, strangerToken, URL, { user_id: h.id }))).toEqual([]);
    expect(ids(await get(t, strangerToken, URL, { keywords: 'Secret rave' }))).toEqual([]);
    expect(ids(await get(t, h.token, URL, { user_id: h.id }))).toEqual([hidden]);
    expect(ids(await get(t, h.token, URL, { keywords: 'Secret rave' }))).toEqual([hidden]);
  });

  it('shows each reader their own flags', async () => {
    const h = await host();
    const id = await makeEvent(t.db, h.id, { approval: 1 });
    await addMember(t.db, id, friend, 'requested');
    const flags = async (token: string) =>
      (await get(t, token, URL, { user_id: h.id, fields: 'can_join,can_request,can_cancel,can_accept,can_edit' })).body.data[0];
    expect(await flags(h.token)).toEqual({ can_join: false, can_request: false, can_cancel: false, can_accept: true, can_edit: true });
    expect(await flags(friendToken)).toEqual({ can_join: false, can_request: false, can_cancel: true, can_accept: false, can_edit: false });
    expect(await flags(strangerToken)).toEqual({
      can_join: false,
      can_request: true,
      can_cancel: false,
      can_accept: false,
      can_edit: false,
    });
  });

  it('answers 403 insufficient_scope without the events scope and 401 without a token', async () => {
    expect((await get(t, await tokenFor(t.db, owner, ['albums']), URL)).status).toBe(403);
    expect((await get(t, null, URL)).status).toBe(401);
  });
});
