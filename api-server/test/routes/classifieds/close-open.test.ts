import { beforeAll, describe, expect, it } from 'vitest';
import { ownerFriendAndClient } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';
import { insertListing, listingRow, LISTINGS } from './listings.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, clientToken: string;

const state = async (id: number) => (await listingRow(t, id))!.is_closed;
const flags = async (id: number, token = ownerToken) =>
  (await get(t, token, `${LISTINGS}/${id}`, { fields: 'is_closed,can_open,can_close' })).body.data;

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, clientToken } = await ownerFriendAndClient(t.db, ['classifieds']));
});

describe('POST /classifieds/close', () => {
  it('closes an open listing and answers only success; the flags follow', async () => {
    const id = await insertListing(t, owner);
    expect(await flags(id)).toEqual({ is_closed: false, can_open: false, can_close: true });
    const res = await post(t, ownerToken, `${LISTINGS}/close`, { id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await state(id)).toBe(1);
    expect(await flags(id)).toEqual({ is_closed: true, can_open: true, can_close: false });
  });

  it('closing a listing twice answers 403 and keeps it closed', async () => {
    const id = await insertListing(t, owner, { is_closed: 1 });
    const res = await post(t, ownerToken, `${LISTINGS}/close`, { id });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('forbidden');
    expect(await state(id)).toBe(1);
  });

  it('answers 403 to a reader who is not the owner (can_close false) and keeps it open', async () => {
    const id = await insertListing(t, owner);
    expect(await flags(id, friendToken)).toMatchObject({ can_close: false });
    expect((await post(t, friendToken, `${LISTINGS}/close`, { id })).status).toBe(403);
    expect((await post(t, clientToken, `${LISTINGS}/close`, { id })).status).toBe(403);
    expect(await state(id)).toBe(0);
  });

  it('answers 404 for a listing the caller may not see or that does not exist', async () => {
    const hidden = await insertListing(t, owner, { auth_view: 'owner' });
    expect((await post(t, friendToken, `${LISTINGS}/close`, { id: hidden })).status).toBe(404);
    expect((await post(t, ownerToken, `${LISTINGS}/close`, { id: 999_999 })).status).toBe(404);
  });

  it('needs id (400 naming it)', async () => {
    const res = await post(t, ownerToken, `${LISTINGS}/close`, {});
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([{ name: 'id', message: expect.any(String), error_text: 'missing_parameter' }]);
  });
});

describe('POST /classifieds/open', () => {
  it('reopens a closed listing and answers only success; the flags follow', async () => {
    const id = await insertListing(t, owner, { is_closed: 1 });
    const res = await post(t, ownerToken, `${LISTINGS}/open`, { id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await state(id)).toBe(0);
    expect(await flags(id)).toEqual({ is_closed: false, can_open: false, can_close: true });
  });

  it('opening an open listing answers 403 and keeps it open', async () => {
    const id = await insertListing(t, owner);
    expect((await post(t, ownerToken, `${LISTINGS}/open`, { id })).status).toBe(403);
    expect(await state(id)).toBe(0);
  });

  it('answers 403 to a reader who is not the owner (can_open false) and keeps it closed', async () => {
    const id = await insertListing(t, owner, { is_closed: 1 });
    expect(await flags(id, friendToken)).toMatchObject({ can_open: false });
    expect((await post(t, friendToken, `${LISTINGS}/open`, { id })).status).toBe(403);
    expect(await state(id)).toBe(1);
  });

  it('needs id (400 naming it) and refuses one that is not a number', async () => {
    expect((await post(t, ownerToken, `${LISTINGS}/open`, {})).body.data.error_params[0]).toMatchObject({
      name: 'id',
      error_text: 'missing_parameter',
    });
    expect((await post(t, ownerToken, `${LISTINGS}/open`, { id: 'x' })).body.data.error_params[0]).toMatchObject({
      name: 'id',
      error_text: 'invalid_parameter',
    });
  });

  it('a closed listing closes and opens again, round and round', async () => {
    const id = await insertListing(t, owner);
    for (let i = 0; i < 2; i++) {
      expect((await post(t, ownerToken, `${LISTINGS}/close`, { id })).status).toBe(200);
      expect((await post(t, ownerToken, `${LISTINGS}/open`, { id })).status).toBe(200);
    }
    expect(await state(id)).toBe(0);
  });
});
