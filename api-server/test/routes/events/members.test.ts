import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, createUser } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addMember, makeCast, makeEvent, makeUsers, OWNER_KEYS } from './event-fixtures.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;
let event: number;
const people: Record<string, number[]> = {};
const URL = '/api/v1/events/members';
const ids = (res: Answer) => res.body.data.map((m: { id: number }) => m.id);

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, strangerToken, clientToken } = await makeCast(t.db));
  event = await makeEvent(t.db, owner, { approval: 1 });
  for (const rsvp of ['attending', 'maybe_attending', 'not_attending', 'awaiting_reply', 'requested'] as const) {
    people[rsvp] = (await makeUsers(t.db, 2, createUser)) as [number, number];
    for (const id of people[rsvp]!) await addMember(t.db, event, id, rsvp, rsvp === 'awaiting_reply' ? owner : null);
  }
});

describe('GET /events/members', () => {
  it('lists the people attending by default, the owner first, as owner summaries with their rsvp', async () => {
    const res = await get(t, strangerToken, URL, { event_id: event });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([owner, ...people.attending!]);
    expect(Object.keys(res.body.data[0])).toEqual([...OWNER_KEYS, 'rsvp']);
    expect(res.body.data[0]).toMatchObject({ id: owner, type: 'user', rsvp: 'attending' });
  });

  it('lists each answer with rsvp', async () => {
    for (const rsvp of ['maybe_attending', 'not_attending', 'awaiting_reply'] as const) {
      const res = await get(t, strangerToken, URL, { event_id: event, rsvp });
      expect(ids(res), rsvp).toEqual(people[rsvp]);
      expect(res.body.data.every((m: { rsvp: string }) => m.rsvp === rsvp)).toBe(true);
    }
  });

  it('shows pending requests to the owner alone (403 for anyone else)', async () => {
    expect(ids(await get(t, ownerToken, URL, { event_id: event, rsvp: 'requested' }))).toEqual(people.requested);
    expect((await get(t, friendToken, URL, { event_id: event, rsvp: 'requested' })).status).toBe(403);
    expect((await get(t, clientToken, URL, { event_id: event, rsvp: 'requested' })).status).toBe(403);
  });

  it('pages with page and limit', async () => {
    expect(ids(await get(t, strangerToken, URL, { event_id: event, limit: 1, page: 2 }))).toEqual([people.attending![0]]);
    expect(ids(await get(t, strangerToken, URL, { event_id: event, limit: 0 }))).toEqual([owner]);
  });

  it('requires event_id and a known rsvp (400 naming them)', async () => {
    const missing = await get(t, strangerToken, URL);
    expect(missing.status).toBe(400);
    expect(missing.body.data.error_params[0]).toMatchObject({ name: 'event_id', error_text: 'missing_parameter' });
    const bad = await get(t, strangerToken, URL, { event_id: event, rsvp: 'going' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('rsvp');
  });

  it('answers 404 for an event the reader may not see, and lets a client-credentials token read a public one', async () => {
    const hidden = await makeEvent(t.db, owner, { auth_view: 'owner_member' });
    expect((await get(t, strangerToken, URL, { event_id: hidden })).status).toBe(404);
    expect(ids(await get(t, friendToken, URL, { event_id: hidden }))).toEqual([owner]);
    expect((await get(t, clientToken, URL, { event_id: 999999 })).status).toBe(404);
    expect(ids(await get(t, clientToken, URL, { event_id: event }))).toEqual([owner, ...people.attending!]);
  });
});
