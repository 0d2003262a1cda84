import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { type Answer, befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addMember, DAY, eventCategory, LIST_KEYS, makeEvent, makeUsers } from './event-fixtures.ts';

const t = setupApi();
let me: number, other: number, third: number;
let myToken: string, clientToken: string;
const URL = '/api/v1/events/my';
const ids = (res: Answer) => res.body.data.map((e: { id: number }) => e.id);

const made: Record<string, number> = {};

beforeAll(async () => {
  [me, other, third] = (await makeUsers(t.db, 3, createUser)) as [number, number, number];
  await befriend(t.db, me, other);
  myToken = await tokenFor(t.db, me);
  clientToken = await tokenFor(t.db, null);
  const t0 = now();
  const music = await eventCategory(t.db, 'Music');
  made.ownUpcoming = await makeEvent(t.db, me, { start: t0 + 5 * DAY, title: 'My concert', category_id: music });
  made.ownPast = await makeEvent(t.db, me, { start: t0 - 5 * DAY, end: t0 - 5 * DAY + 3600, title: 'My old party', allow_search: 0 });
  for (const [name, rsvp, days] of [
    ['attending', 'attending', 1],
    ['maybe', 'maybe_attending', 2],
    ['notAttending', 'not_attending', 3],
    ['invited', 'awaiting_reply', 4],
    ['requested', 'requested', 6],
  ] as const) {
    made[name] = await makeEvent(t.db, other, { start: t0 + days * DAY, title: `Their ${name}`, approval: name === 'requested' ? 1 : 0 });
    await addMember(t.db, made[name]!, me, rsvp);
  }
  made.pastMember = await makeEvent(t.db, other, { start: t0 - 2 * DAY, end: t0 - 2 * DAY + 3600, title: 'Their past' });
  await addMember(t.db, made.pastMember!, me, 'attending');
  // Not mine at all, and one I was in whose owner has since made it private.
  made.unrelated = await makeEvent(t.db, third, { title: 'Unrelated' });
  made.nowPrivate = await makeEvent(t.db, third, { title: 'Now private', auth_view: 'owner' });
  await addMember(t.db, made.nowPrivate!, me, 'attending');
});

describe('GET /events/my', () => {
  it('lists events I own or have any row in (answered, invited, asking), upcoming soonest first then past most recent first', async () => {
    const res = await get(t, myToken, URL, { limit: 50 });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([
      made.attending,
      made.maybe,
      made.notAttending,
      made.invited,
      made.ownUpcoming,
      made.requested,
      made.pastMember,
      made.ownPast,
    ]);
  });

  it('includes category among the list item fields by default', async () => {
    const [first] = (await get(t, myToken, URL, { view: 'only_events_i_lead' })).body.data;
    expect(Object.keys(first)).toEqual([...LIST_KEYS, 'category']);
    expect(first.category).toEqual({ id: expect.any(Number), title: 'Music' });
    expect((await get(t, myToken, URL, { fields: 'id,category' })).body.data[0]).toEqual({ id: made.attending, category: null });
    expect((await get(t, myToken, URL, { fields: 'nope' })).status).toBe(400);
  });

  it('view=only_events_i_lead lists only events I own', async () => {
    expect(ids(await get(t, myToken, URL, { view: 'only_events_i_lead' }))).toEqual([made.ownUpcoming, made.ownPast]);
    expect((await get(t, myToken, URL, { view: 'everything' })).status).toBe(400);
  });

  it('narrows to upcoming or past with when', async () => {
    expect(ids(await get(t, myToken, URL, { when: 'past' }))).toEqual([made.pastMember, made.ownPast]);
    expect(ids(await get(t, myToken, URL, { when: 'upcoming', limit: 3 }))).toEqual([made.attending, made.maybe, made.notAttending]);
  });

  it('finds keywords; my own events hidden from search still match', async () => {
    expect(ids(await get(t, myToken, URL, { keywords: 'party' }))).toEqual([made.ownPast]);
    expect(ids(await get(t, myToken, URL, { keywords: 'their' }))).toHaveLength(6);
  });

  it('pages with page and limit', async () => {
    expect(ids(await get(t, myToken, URL, { limit: 2, page: 2 }))).toEqual([made.notAttending, made.invited]);
    expect(ids(await get(t, myToken, URL))).toHaveLength(8);
  });

  it('answers 403 to a client-credentials token, which has no events of its own', async () => {
    expect((await get(t, clientToken, URL)).status).toBe(403);
  });
});
