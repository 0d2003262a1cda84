import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_OPTIONS } from '../../../src/domain/options.ts';
import { formatPrice } from '../../../src/routes/classifieds/present.ts';
import { createUser, privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';
import { categoryId, insertListing, LIST_KEYS, LISTINGS } from './listings.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((b) => b.id);

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['classifieds'], {
    full_name: 'Sam Seller',
  }));
});

describe('GET /classifieds', () => {
  let id: number;
  beforeAll(async () => {
    id = await insertListing(t, owner, {
      title: 'Sofa',
      body: '<p>Comfy</p>',
      price_cents: 125000,
      location: 'Seattle',
      photos: 2,
      created_at: 1_700_000_000,
    });
  });

  it('answers an array of Listing with exactly the list fields', async () => {
    const res = await get(t, strangerToken, LISTINGS, { user_id: owner });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const item = res.body.data.find((x: { id: number }) => x.id === id);
    expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
    const main = await t.db.selectFrom('classifieds').select('main_photo_id').where('id', '=', id).executeTakeFirstOrThrow();
    const key = (
      await t.db.selectFrom('classified_photos').select('image_key').where('id', '=', main.main_photo_id!).executeTakeFirstOrThrow()
    ).image_key;
    expect(item).toEqual({
      id,
      title: 'Sofa',
      body: '<p>Comfy</p>',
      is_closed: false,
      creation_date: '2023-11-14 22:13:20',
      thumb: `http://localhost:4000/files/img/${key.split('.')[0]}/240.jpg`,
      owner: expect.objectContaining({ id: owner, type: 'user', title: 'Sam Seller', imgs: expect.any(Object) }),
      price: '$1,250.00',
      location: 'Seattle',
      can_edit: false,
      can_add_photos: false,
      can_open: false,
      can_close: false,
      can_delete: false,
    });
  });

  it('returns only the fields asked for, and refuses others (detail-only included)', async () => {
    expect((await get(t, strangerToken, LISTINGS, { user_id: owner, fields: 'id,price' })).body.data).toContainEqual({
      id,
      price: '$1,250.00',
    });
    for (const fields of ['id,photos', 'tags', 'category', 'bogus']) {
      const res = await get(t, strangerToken, LISTINGS, { fields });
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0].name).toBe('fields');
    }
  });

  it('gives the owner every flag of an open listing except can_open', async () => {
    const res = await get(t, ownerToken, LISTINGS, { user_id: owner, fields: 'id,can_edit,can_add_photos,can_open,can_close,can_delete' });
    expect(res.body.data).toContainEqual({ id, can_edit: true, can_add_photos: true, can_open: false, can_close: true, can_delete: true });
  });

  it('needs the classifieds scope', async () => {
    const res = await get(t, await tokenFor(t.db, owner, ['blogs']), LISTINGS);
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});

describe('price text', () => {
  it('formats cents as dollars with thousands separators; 0 is Free; none is empty', () => {
    expect(formatPrice(125000)).toBe('$1,250.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBe('');
  });
});

describe('GET /classifieds: filters, order and paging', () => {
  let seller: number, sellerToken: string;
  const L: Record<string, number> = {};
  beforeAll(async () => {
    seller = (await createUser(t.db)).id;
    sellerToken = await tokenFor(t.db, seller, ['classifieds']);
    const forSale = await categoryId(t, 'For Sale');
    const housing = await categoryId(t, 'Housing');
    L.bike = await insertListing(t, seller, {
      title: 'Road bike',
      body: 'Carbon frame',
      price_cents: 80000,
      location: 'Portland, OR',
      category_id: forSale,
      photos: 1,
      view_count: 10,
    });
    L.flat = await insertListing(t, seller, {
      title: 'Flat to rent',
      body: 'Two rooms, 100% sunny',
      price_cents: 150000,
      location: 'Berlin',
      category_id: housing,
      view_count: 40,
    });
    L.lamp = await insertListing(t, seller, {
      title: 'Lamp',
      body: 'Free to a good home',
      price_cents: 0,
      location: 'south PORTLAND',
      category_id: forSale,
      is_closed: 1,
      photos: 3,
      view_count: 5,
    });
    L.desk = await insertListing(t, seller, {
      title: 'Desk',
      body: 'Oak',
      price_cents: null,
      location: 'Lyon',
      category_id: forSale,
      view_count: 20,
    });
  });
  const list = async (query: Record<string, string | number>) => ids(await get(t, strangerToken, LISTINGS, { user_id: seller, ...query }));

  it('lists the most recent first by default and with sort=most_recent', async () => {
    expect(await list({})).toEqual([L.desk, L.lamp, L.flat, L.bike]);
    expect(await list({ sort: 'most_recent' })).toEqual([L.desk, L.lamp, L.flat, L.bike]);
  });

  it('lists the most viewed first with sort=most_viewed', async () => {
    expect(await list({ sort: 'most_viewed' })).toEqual([L.flat, L.desk, L.bike, L.lamp]);
  });

  it('filters by status: all (default), only_open, only_closed', async () => {
    expect(await list({ status: 'all' })).toHaveLength(4);
    expect(await list({ status: 'only_open' })).toEqual([L.desk, L.flat, L.bike]);
    expect(await list({ status: 'only_closed' })).toEqual([L.lamp]);
    expect((await get(t, strangerToken, LISTINGS, { status: 'open' })).body.data.error_params[0].name).toBe('status');
  });

  it('filters by category_id, refusing a category of another module', async () => {
    expect(await list({ category_id: await categoryId(t, 'Housing') })).toEqual([L.flat]);
    const blogCategory = await t.db.selectFrom('categories').select('id').where('module', '=', 'blog').executeTakeFirstOrThrow();
    const res = await get(t, strangerToken, LISTINGS, { category_id: blogCategory.id });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('category_id');
  });

  it('finds keywords in the title or the body, taking % literally', async () => {
    expect(await list({ keywords: 'bike' })).toEqual([L.bike]);
    expect(await list({ keywords: 'good home' })).toEqual([L.lamp]);
    expect(await list({ keywords: '100%' })).toEqual([L.flat]);
  });

  it('has_photo=1 keeps listings with photos; 0 keeps all', async () => {
    expect(await list({ has_photo: 1 })).toEqual([L.lamp, L.bike]);
    expect(await list({ has_photo: 0 })).toHaveLength(4);
  });

  it('filters by price_min and price_max in dollars (bounds included; no price matches no bound)', async () => {
    expect(await list({ price_min: 800 })).toEqual([L.flat, L.bike]);
    expect(await list({ price_max: 800 })).toEqual([L.lamp, L.bike]);
    expect(await list({ price_min: 0.01, price_max: 1499.99 })).toEqual([L.bike]);
    expect(await list({ price_min: 0 })).toEqual([L.lamp, L.flat, L.bike]);
    expect((await get(t, strangerToken, LISTINGS, { price_min: -1 })).body.data.error_params[0].name).toBe('price_min');
    expect((await get(t, strangerToken, LISTINGS, { price_max: 'cheap' })).body.data.error_params[0].name).toBe('price_max');
  });

  it('filters by location substring, ignoring case', async () => {
    expect(await list({ location: 'portland' })).toEqual([L.lamp, L.bike]);
    expect(await list({ location: 'BERL' })).toEqual([L.flat]);
    expect(await list({ location: 'Austin' })).toEqual([]);
  });

  it('matches a location without its accents, and follows a listing moved by an edit', async () => {
    const moved = await insertListing(t, seller, { title: 'Sofa', body: 'Blue', price_cents: 5000, location: 'Zürich', category_id: null });
    expect(await list({ location: 'zurich' })).toEqual([moved]);
    const res = await post(t, sellerToken, `${LISTINGS}/${moved}`, { 'fields[location]': 'Genève' });
    expect(res.status).toBe(200);
    expect(await list({ location: 'zurich' })).toEqual([]);
    expect(await list({ location: 'GENEVE' })).toEqual([moved]);
    await del(t, sellerToken, `${LISTINGS}/${moved}`);
  });

  it('combines filters', async () => {
    expect(await list({ location: 'portland', status: 'only_open', has_photo: 1 })).toEqual([L.bike]);
  });

  it('formats each price', async () => {
    const res = await get(t, strangerToken, LISTINGS, { user_id: seller, fields: 'id,price' });
    expect(res.body.data).toEqual([
      { id: L.desk, price: '' },
      { id: L.lamp, price: 'Free' },
      { id: L.flat, price: '$1,500.00' },
      { id: L.bike, price: '$800.00' },
    ]);
  });

  it('gives thumb as the main photo\'s small picture, and "" without photos', async () => {
    const res = await get(t, strangerToken, LISTINGS, { user_id: seller, fields: 'id,thumb' });
    const thumbs = Object.fromEntries(res.body.data.map((x: { id: number; thumb: string }) => [x.id, x.thumb]));
    expect(thumbs[L.bike!]).toMatch(/^http:\/\/localhost:4000\/files\/img\/[0-9a-f]{32}\/240\.jpg$/);
    expect(thumbs[L.desk!]).toBe('');
  });

  it('pages with page and limit, clamping limit to 1–50', async () => {
    expect(await list({ limit: 3 })).toEqual([L.desk, L.lamp, L.flat]);
    expect(await list({ limit: 3, page: 2 })).toEqual([L.bike]);
    expect(await list({ limit: 0 })).toEqual([L.desk]);
    expect(await list({ limit: 1000 })).toHaveLength(4);
  });

  it('defaults to 10 a page and never gives more than 50', async () => {
    const many = (await createUser(t.db)).id;
    for (let i = 0; i < 52; i++) await insertListing(t, many);
    expect((await get(t, strangerToken, LISTINGS, { user_id: many })).body.data).toHaveLength(10);
    expect((await get(t, strangerToken, LISTINGS, { user_id: many, limit: 51 })).body.data).toHaveLength(50);
  });

  it('answers 404 for an unknown user_id', async () => {
    expect((await get(t, strangerToken, LISTINGS, { user_id: 999_999 })).status).toBe(404);
  });

  it("/classifieds/my lists the caller's listings with the same filters", async () => {
    expect(ids(await get(t, sellerToken, `${LISTINGS}/my`))).toEqual([L.desk, L.lamp, L.flat, L.bike]);
    expect(ids(await get(t, sellerToken, `${LISTINGS}/my`, { status: 'only_closed' }))).toEqual([L.lamp]);
    expect(ids(await get(t, sellerToken, `${LISTINGS}/my`, { location: 'lyon', fields: 'id' }))).toEqual([L.desk]);
    const flags = (await get(t, sellerToken, `${LISTINGS}/my`, { status: 'only_closed', fields: 'can_open,can_close' })).body.data;
    expect(flags).toEqual([{ can_open: true, can_close: false }]);
  });

  it('/classifieds/my needs a user: a client-credentials token answers 403', async () => {
    expect((await get(t, clientToken, `${LISTINGS}/my`)).status).toBe(403);
  });
});

describe('GET /classifieds: privacy', () => {
  const seen: Record<string, number> = {};
  beforeAll(async () => {
    for (const view of ['everyone', 'registered', 'owner_member', 'owner'] as const)
      seen[view] = await insertListing(t, owner, { auth_view: view });
  });

  it.each([
    ['the owner', () => ownerToken, ['everyone', 'registered', 'owner_member', 'owner']],
    ['a friend', () => friendToken, ['everyone', 'registered', 'owner_member']],
    ['a registered stranger', () => strangerToken, ['everyone', 'registered']],
    ['a client-credentials token', () => clientToken, ['everyone']],
  ] as const)('shows %s exactly the listings its auth_view lets in', async (_who, token, views) => {
    const got = ids(await get(t, token(), LISTINGS, { user_id: owner, limit: 50 }));
    for (const [view, id] of Object.entries(seen)) expect(got.includes(id)).toBe((views as readonly string[]).includes(view));
  });

  it('shows a client-credentials token no flag', async () => {
    const res = await get(t, clientToken, LISTINGS, { user_id: owner, fields: 'can_edit,can_add_photos,can_open,can_close,can_delete' });
    for (const item of res.body.data) expect(Object.values(item).every((v) => v === false)).toBe(true);
  });
});

describe('GET /classifieds/categories, view_options, comment_options', () => {
  it('lists the listing categories every database has, as Category objects', async () => {
    const res = await get(t, clientToken, `${LISTINGS}/categories`);
    expect(res.status).toBe(200);
    const titles = res.body.data.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['For Sale', 'Housing', 'Jobs', 'Services', 'Vehicles', 'Free']));
    expect(titles).not.toContain('Travel');
    for (const c of res.body.data) expect(Object.keys(c).sort()).toEqual(['id', 'title']);
  });

  it.each(['view_options', 'comment_options'])('%s lists the privacy options', async (name) => {
    expect((await get(t, ownerToken, `${LISTINGS}/${name}`)).body).toEqual({ success: true, data: PRIVACY_OPTIONS });
  });
});
