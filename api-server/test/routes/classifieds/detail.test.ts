import { beforeAll, describe, expect, it } from 'vitest';
import { setItemTags } from '../../../src/domain/keyword-tags.ts';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { categoryId, DETAIL_KEYS, insertListing, listingRow, LISTINGS, photoRows } from './listings.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['classifieds'], {
    full_name: 'Sam Seller',
  }));
});

describe('GET /classifieds/{id}', () => {
  let id: number, vehicles: number;
  beforeAll(async () => {
    vehicles = await categoryId(t, 'Vehicles');
    id = await insertListing(t, owner, {
      title: 'Van',
      body: 'Runs well',
      price_cents: 450000,
      location: 'Austin',
      category_id: vehicles,
      photos: 2,
      created_at: 1_700_000_000,
    });
    await setItemTags(t.db, 'classified', id, 'camper, diesel');
  });

  it('answers the Listing detail: list fields plus category, tags and photos', async () => {
    const res = await get(t, strangerToken, `${LISTINGS}/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(DETAIL_KEYS);
    const [p1, p2] = await photoRows(t, id);
    const url = (key: string, size: string) => `http://localhost:4000/files/img/${key.split('.')[0]}/${size}.jpg`;
    expect(res.body.data).toEqual({
      id,
      title: 'Van',
      body: 'Runs well',
      is_closed: false,
      creation_date: '2023-11-14 22:13:20',
      thumb: url(p1!.image_key, '240'),
      owner: expect.objectContaining({ id: owner, type: 'user', title: 'Sam Seller' }),
      price: '$4,500.00',
      location: 'Austin',
      category: { id: vehicles, title: 'Vehicles' },
      tags: [
        { id: expect.any(Number), title: 'camper' },
        { id: expect.any(Number), title: 'diesel' },
      ],
      photos: [
        // Rows inserted without a size, as before migration 012, whose files are not there to read.
        { id: p1!.id, description: 'Photo 0', img: url(p1!.image_key, '1024'), is_main: true, width: null, height: null },
        { id: p2!.id, description: 'Photo 1', img: url(p2!.image_key, '1024'), is_main: false, width: null, height: null },
      ],
      can_edit: false,
      can_add_photos: false,
      can_open: false,
      can_close: false,
      can_delete: false,
    });
  });

  it('answers category null, no tags and no photos for a bare listing', async () => {
    const bare = await insertListing(t, owner);
    expect((await get(t, strangerToken, `${LISTINGS}/${bare}`, { fields: 'category,tags,photos,thumb' })).body.data).toEqual({
      category: null,
      tags: [],
      photos: [],
      thumb: '',
    });
  });

  it('returns only the fields asked for, and refuses unknown ones', async () => {
    expect((await get(t, strangerToken, `${LISTINGS}/${id}`, { fields: 'id,photos' })).body.data).toEqual({
      id,
      photos: expect.any(Array),
    });
    const res = await get(t, strangerToken, `${LISTINGS}/${id}`, { fields: 'id,main_photo_id' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('fields');
  });

  it('tells its owner alone its privacy when asked by name (extension); without fields, only the spec’s', async () => {
    const own = await insertListing(t, owner, { title: 'Private lamp', auth_view: 'owner_member', auth_comment: 'owner' });
    const fields = 'id,auth_view,auth_comment';
    expect((await get(t, ownerToken, `${LISTINGS}/${own}`, { fields })).body.data).toEqual({
      id: own,
      auth_view: 'owner_member',
      auth_comment: 'owner',
    });
    expect((await get(t, friendToken, `${LISTINGS}/${own}`, { fields })).body.data).toEqual({ id: own });
    expect(Object.keys((await get(t, ownerToken, `${LISTINGS}/${own}`)).body.data).sort()).toEqual(DETAIL_KEYS);
  });

  it('tells when the seller joined when asked by name (extension), to anyone who may see the listing', async () => {
    const joined = await t.db.selectFrom('users').select('joined').where('id', '=', owner).executeTakeFirstOrThrow();
    const expected = new Date(joined.joined * 1000).toISOString().slice(0, 19).replace('T', ' ');
    for (const token of [strangerToken, clientToken, ownerToken]) {
      expect((await get(t, token, `${LISTINGS}/${id}`, { fields: 'id,owner_joined' })).body.data).toEqual({ id, owner_joined: expected });
    }
    // Not in the document's own answer, nor in the lists.
    expect((await get(t, strangerToken, `${LISTINGS}/${id}`)).body.data).not.toHaveProperty('owner_joined');
    expect((await get(t, strangerToken, LISTINGS, { fields: 'id,owner_joined' })).status).toBe(400);
  });

  it('gives the owner can_edit, can_add_photos, can_close and can_delete on an open listing', async () => {
    expect(
      (await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'can_edit,can_add_photos,can_open,can_close,can_delete' })).body.data,
    ).toEqual({ can_edit: true, can_add_photos: true, can_open: false, can_close: true, can_delete: true });
  });

  it('gives the owner can_open and not can_close on a closed listing', async () => {
    const closed = await insertListing(t, owner, { is_closed: 1 });
    expect((await get(t, ownerToken, `${LISTINGS}/${closed}`, { fields: 'is_closed,can_open,can_close' })).body.data).toEqual({
      is_closed: true,
      can_open: true,
      can_close: false,
    });
    expect((await get(t, friendToken, `${LISTINGS}/${closed}`, { fields: 'is_closed,can_open,can_close' })).body.data).toEqual({
      is_closed: true,
      can_open: false,
      can_close: false,
    });
  });

  it('counts a view for every reader but the owner', async () => {
    const v = await insertListing(t, owner);
    await get(t, ownerToken, `${LISTINGS}/${v}`);
    expect((await listingRow(t, v))!.view_count).toBe(0);
    await get(t, friendToken, `${LISTINGS}/${v}`);
    await get(t, clientToken, `${LISTINGS}/${v}`);
    expect((await listingRow(t, v))!.view_count).toBe(2);
  });

  it('answers 404 for a listing that does not exist', async () => {
    expect((await get(t, ownerToken, `${LISTINGS}/999999`)).status).toBe(404);
  });
});

describe('GET /classifieds/{id}: privacy', () => {
  it.each([
    ['everyone', { owner: 200, friend: 200, stranger: 200, client: 200 }],
    ['registered', { owner: 200, friend: 200, stranger: 200, client: 404 }],
    ['owner_member', { owner: 200, friend: 200, stranger: 404, client: 404 }],
    ['owner', { owner: 200, friend: 404, stranger: 404, client: 404 }],
  ] as const)('auth_view=%s: owner, friend, stranger and client token get %o', async (view, expected) => {
    const id = await insertListing(t, owner, { auth_view: view });
    const got = {
      owner: (await get(t, ownerToken, `${LISTINGS}/${id}`)).status,
      friend: (await get(t, friendToken, `${LISTINGS}/${id}`)).status,
      stranger: (await get(t, strangerToken, `${LISTINGS}/${id}`)).status,
      client: (await get(t, clientToken, `${LISTINGS}/${id}`)).status,
    };
    expect(got).toEqual(expected);
  });
});
