import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addMember, DAY, DETAIL_KEYS, eventCategory, FLAG_KEYS, makeEvent, makeUsers, OWNER_KEYS } from './event-fixtures.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, undefined, {
    full_name: 'Olga Owner',
  }));
});

const url = (id: number) => `/api/v1/events/${id}`;
const start = Date.UTC(2031, 11, 5, 18, 0) / 1000; // 19:00 in Paris

describe('GET /events/{id}', () => {
  it('answers every field of the Event detail, times in the event zone', async () => {
    const party = await eventCategory(t.db, 'Party');
    const id = await makeEvent(t.db, owner, {
      title: 'Winter party',
      description: 'Mulled wine',
      category_id: party,
      start,
      end: start + 5 * 3600 + 1800,
      timezone: 'Europe/Paris',
      host: 'Olga',
      location: 'Main square',
    });
    const res = await get(t, friendToken, url(id));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const e = res.body.data;
    expect(Object.keys(e)).toEqual(DETAIL_KEYS);
    expect(Object.keys(e.owner)).toEqual(OWNER_KEYS);
    expect(e).toEqual({
      id,
      title: 'Winter party',
      description: 'Mulled wine',
      owner: expect.objectContaining({ id: owner, type: 'user', title: 'Olga Owner' }),
      category: { id: party, title: 'Party' },
      thumb: '',
      total_member: 1,
      start_date: '2031-12-05',
      start_time: '19:00',
      end_date: '2031-12-06',
      end_time: '00:30',
      host: 'Olga',
      location: 'Main square',
      attending_count: 1,
      maybe_count: 0,
      not_attending_count: 0,
      awaiting_reply_count: 0,
      can_edit: false,
      can_delete: false,
      can_request: false,
      can_join: true,
      can_leave: false,
      can_cancel: false,
      can_accept: false,
      can_reject: false,
      can_invite: false,
      can_compose: false,
    });
  });

  it('counts the people in each answer; requests count nowhere, total_member is the attending count', async () => {
    const id = await makeEvent(t.db, owner, { approval: 1 });
    const others = (await makeUsers(t.db, 6, createUser)).map((id) => ({ id }));
    await addMember(t.db, id, others[0]!.id, 'attending');
    await addMember(t.db, id, others[1]!.id, 'maybe_attending');
    await addMember(t.db, id, others[2]!.id, 'not_attending');
    await addMember(t.db, id, others[3]!.id, 'awaiting_reply', owner);
    await addMember(t.db, id, others[4]!.id, 'requested');
    await addMember(t.db, id, others[5]!.id, 'requested');
    const e = (await get(t, ownerToken, url(id))).body.data;
    expect(e).toMatchObject({ total_member: 2, attending_count: 2, maybe_count: 1, not_attending_count: 1, awaiting_reply_count: 1 });
    expect(e).toMatchObject({ can_accept: true, can_reject: true, can_edit: true, can_delete: true, can_invite: true, can_compose: true });
  });

  it('answers a category of null when the event has none', async () => {
    const id = await makeEvent(t.db, owner);
    expect((await get(t, ownerToken, url(id), { fields: 'category' })).body.data).toEqual({ category: null });
  });

  it('answers only the fields asked for (category among them), and 400 naming fields for an unknown one', async () => {
    const id = await makeEvent(t.db, owner);
    expect((await get(t, friendToken, url(id), { fields: 'id,category,can_join' })).body.data).toEqual({
      id,
      category: null,
      can_join: true,
    });
    expect(Object.keys((await get(t, friendToken, url(id), { fields: FLAG_KEYS.join(',') })).body.data)).toEqual(FLAG_KEYS);
    const bad = await get(t, friendToken, url(id), { fields: 'id,secret' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0]).toMatchObject({ name: 'fields', error_text: 'invalid_parameter' });
  });

  it('gives the zone, readable times, the large picture and the settings only when fields names them', async () => {
    const id = await makeEvent(t.db, owner, {
      start,
      end: start + 3600,
      timezone: 'Europe/Paris',
      approval: 1,
      auth_invite: 0,
      allow_search: 0,
      auth_comment: 'registered',
    });
    const res = await get(t, ownerToken, url(id), {
      fields: 'timezone,start_datetime,end_datetime,img,category_id,allow_search,auth_invite,approval,auth_view,auth_comment,auth_photo',
    });
    expect(res.body.data).toEqual({
      timezone: 'Europe/Paris',
      start_datetime: 'Friday, December 5, 2031 at 7:00 PM GMT+1',
      end_datetime: 'Friday, December 5, 2031 at 8:00 PM GMT+1',
      img: '',
      category_id: null,
      allow_search: 0,
      auth_invite: 0,
      approval: 1,
      auth_view: 'everyone',
      auth_comment: 'registered',
      auth_photo: 'everyone',
    });
  });

  it('answers 404 to an event that does not exist and 400 to a non-numeric id', async () => {
    expect((await get(t, ownerToken, url(999999))).status).toBe(404);
    const bad = await get(t, ownerToken, '/api/v1/events/abc');
    expect(bad.status).toBe(400);
  });

  it('follows auth_view: owner, friend, registered stranger and client-credentials token', async () => {
    const matrix: Array<[string, number, number, number, number]> = [
      // auth_view, owner, friend, stranger, client
      ['everyone', 200, 200, 200, 200],
      ['registered', 200, 200, 200, 404],
      ['owner_member', 200, 200, 404, 404],
      ['owner', 200, 404, 404, 404],
    ];
    for (const [view, ...expected] of matrix) {
      const id = await makeEvent(t.db, owner, { auth_view: view as never });
      const got = [];
      for (const token of [ownerToken, friendToken, strangerToken, clientToken]) got.push((await get(t, token, url(id))).status);
      expect(got, view).toEqual(expected);
    }
  });

  it('opens an event hidden from search (allow_search=0) by its id', async () => {
    const id = await makeEvent(t.db, owner, { allow_search: 0 });
    expect((await get(t, strangerToken, url(id))).status).toBe(200);
  });

  it('gives a client-credentials token every flag false', async () => {
    const id = await makeEvent(t.db, owner);
    const e = (await get(t, clientToken, url(id), { fields: FLAG_KEYS.join(',') })).body.data;
    expect(Object.values(e).every((v) => v === false)).toBe(true);
  });

  it('shows an event that has ended with its past dates', async () => {
    const past = Date.UTC(2020, 0, 1, 9, 0) / 1000;
    const id = await makeEvent(t.db, owner, { start: past, end: past + DAY });
    expect((await get(t, friendToken, url(id), { fields: 'start_date,end_date,can_join' })).body.data).toEqual({
      start_date: '2020-01-01',
      end_date: '2020-01-02',
      can_join: false,
    });
  });

  it('answers 403 insufficient_scope without the events scope', async () => {
    const id = await makeEvent(t.db, owner);
    const res = await get(t, await tokenFor(t.db, owner, ['basic']), url(id));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});
