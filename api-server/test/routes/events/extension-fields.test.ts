import { beforeAll, describe, expect, it } from 'vitest';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addMember, makeEvent } from './event-fixtures.ts';

// The extension fields of events (docs/api.md, "Extensions": Event fields): the reader's own
// answer, the owner's pending requests, the instants and the last change, on the detail and on
// lists when named.

const t = setupApi();
let owner: number, friend: number, stranger: number;
let ownerToken: string, friendToken: string;

beforeAll(async () => {
  ({ owner, friend, stranger, ownerToken, friendToken } = await privacyCast(t.db));
});

const start = Date.UTC(2031, 2, 30, 8, 0) / 1000;

describe('event extension fields', () => {
  it('the detail names the reader’s answer, the instants and, for the owner alone, pending requests', async () => {
    const id = await makeEvent(t.db, owner, { start, end: start + 7200, timezone: 'Europe/Berlin', approval: 1 });
    await addMember(t.db, id, friend, 'maybe_attending');
    await addMember(t.db, id, stranger, 'requested');
    const fields = 'rsvp,requested_count,start_at,end_at,updated_at';
    const mine = (await get(t, ownerToken, `/api/v1/events/${id}`, { fields })).body.data;
    expect(mine).toMatchObject({ rsvp: 'attending', requested_count: 1, start_at: start, end_at: start + 7200 });
    expect(typeof mine.updated_at).toBe('number');
    const theirs = (await get(t, friendToken, `/api/v1/events/${id}`, { fields })).body.data;
    expect(theirs).toMatchObject({ rsvp: 'maybe_attending', requested_count: null });
  });

  it('lists give the extension fields only when named, and refuse unknown ones', async () => {
    const id = await makeEvent(t.db, owner, { start, end: start + 3600, timezone: 'Europe/Berlin', location: 'Hall' });
    const plain = (await get(t, ownerToken, '/api/v1/events', { limit: 50 })).body.data.find((e: { id: number }) => e.id === id);
    expect(plain).not.toHaveProperty('start_at');
    const named = (
      await get(t, ownerToken, '/api/v1/events/my', { fields: 'id,start_at,end_at,timezone,location,rsvp', limit: 50 })
    ).body.data.find((e: { id: number }) => e.id === id);
    expect(named).toEqual({ id, start_at: start, end_at: start + 3600, timezone: 'Europe/Berlin', location: 'Hall', rsvp: 'attending' });
    expect((await get(t, ownerToken, '/api/v1/events', { fields: 'id,nope' })).status).toBe(400);
  });
});
