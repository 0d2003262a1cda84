import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_PHOTOS_MAX } from '../../../src/routes/classifieds/present.ts';
import { parsePrice } from '../../../src/routes/classifieds/write.ts';
import { ownerFriendAndClient } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, picture, post } from '../fixtures.ts';
import { categoryId, imageExists, insertListing, listingRow, LISTINGS, photoRows, storedImageCount } from './listings.ts';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, clientToken: string;
let forSale: number;

const form = (extra: Record<string, string | number> = {}) => ({ title: 'Armchair', body: 'Green velvet', ...extra });
const listingCount = async () => (await t.db.selectFrom('classifieds').select('id').execute()).length;
async function create(extra: Record<string, string | number> = {}, files = {}): Promise<number> {
  const res = await post(t, ownerToken, LISTINGS, form(extra), files);
  expect(res.status).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, clientToken } = await ownerFriendAndClient(t.db, ['classifieds'], ['basic']));
  forSale = await categoryId(t, 'For Sale');
});

describe('POST /classifieds', () => {
  it('creates an open listing and answers its id', async () => {
    const res = await post(
      t,
      ownerToken,
      LISTINGS,
      form({
        category_id: forSale,
        'fields[price]': '1250',
        'fields[location]': ' Lyon ',
        tags: 'chair, velvet',
        auth_view: 'registered',
        auth_comment: 'owner_member',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    expect(await listingRow(t, res.body.data.id)).toMatchObject({
      owner_id: owner,
      title: 'Armchair',
      body: 'Green velvet',
      category_id: forSale,
      price_cents: 125000,
      location: 'Lyon',
      is_closed: 0,
      auth_view: 'registered',
      auth_comment: 'owner_member',
      main_photo_id: null,
    });
    const detail = await get(t, ownerToken, `${LISTINGS}/${res.body.data.id}`, { fields: 'price,tags' });
    expect(detail.body.data.price).toBe('$1,250.00');
    expect(detail.body.data.tags.map((x: { title: string }) => x.title)).toEqual(['chair', 'velvet']);
  });

  it('defaults: no category, no price, no location, visible to everyone', async () => {
    const id = await create();
    expect(await listingRow(t, id)).toMatchObject({
      category_id: null,
      price_cents: null,
      location: '',
      auth_view: 'everyone',
      auth_comment: 'everyone',
    });
  });

  it('stores an optional photo file as the main photo', async () => {
    const id = await create({}, { photo: { filename: 'chair.png', content: await picture('png', 300, 200) } });
    const photos = await photoRows(t, id);
    expect(photos).toHaveLength(1);
    expect((await listingRow(t, id))!.main_photo_id).toBe(photos[0]!.id);
    const res = await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'thumb,photos' });
    expect(res.body.data.thumb).toMatch(/\/240\.png$/);
    expect(res.body.data.photos).toEqual([
      { id: photos[0]!.id, description: '', img: expect.stringMatching(/\/1024\.png$/), is_main: true, width: 300, height: 200 },
    ]);
    const file = await t.app.inject({ method: 'GET', url: new URL(res.body.data.thumb).pathname });
    expect(file.statusCode).toBe(200);
  });

  it('ignores an empty photo part (a form with no file chosen)', async () => {
    const id = await create({}, { photo: { filename: '', content: Buffer.alloc(0) } });
    expect(await photoRows(t, id)).toEqual([]);
  });

  it('answers 400 for a photo that is not an image and creates nothing', async () => {
    const listings = await listingCount();
    const images = storedImageCount(t);
    const res = await post(t, ownerToken, LISTINGS, form(), {
      photo: { filename: 'chair.jpg', content: Buffer.from('not an image at all'), type: 'image/jpeg' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'photo', error_text: 'invalid_parameter' });
    expect(await listingCount()).toBe(listings);
    expect(storedImageCount(t)).toBe(images);
  });

  it.each(['title', 'body'])('refuses a listing without %s (400 naming it)', async (name) => {
    const f: Record<string, string> = form();
    delete f[name];
    const listings = await listingCount();
    const res = await post(t, ownerToken, LISTINGS, f);
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([{ name, message: expect.any(String), error_text: 'missing_parameter' }]);
    expect(await listingCount()).toBe(listings);
  });

  it('refuses a blank title', async () => {
    expect((await post(t, ownerToken, LISTINGS, form({ title: '  ' }))).body.data.error_params[0]).toMatchObject({
      name: 'title',
      error_text: 'missing_parameter',
    });
  });

  it('refuses a negative or non-numeric price, and a category that does not exist', async () => {
    for (const price of ['-5', 'ten', '1,250', '1.999', '1e3']) {
      const res = await post(t, ownerToken, LISTINGS, form({ 'fields[price]': price }));
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0].name).toBe('fields[price]');
    }
    const res = await post(t, ownerToken, LISTINGS, form({ category_id: 999_999 }));
    expect(res.body.data.error_params[0].name).toBe('category_id');
  });

  it('refuses a location over 255 characters and a title over 255', async () => {
    const res = await post(t, ownerToken, LISTINGS, form({ 'fields[location]': 'x'.repeat(256), title: 'y'.repeat(256) }));
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['fields[location]', 'title']);
  });

  it('reads fields[price] as dollars with up to two decimals; an empty one is no price', () => {
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('12.5')).toBe(1250);
    expect(parsePrice(' 99.99 ')).toBe(9999);
    expect(parsePrice('')).toBeNull();
  });

  it('keeps simple HTML in the body and removes the rest', async () => {
    const id = await create({ body: '<b>Solid</b> <img src=x onerror=alert(1)>wood\nno scratches' });
    expect((await listingRow(t, id))!.body).toBe('<b>Solid</b> wood<br />no scratches');
  });

  it('answers 403 to a client-credentials token and creates nothing', async () => {
    const listings = await listingCount();
    expect((await post(t, clientToken, LISTINGS, form())).status).toBe(403);
    expect(await listingCount()).toBe(listings);
  });
});

describe('POST /classifieds/{id}', () => {
  it('edits only what is sent (none required) and answers only success', async () => {
    const id = await create({ 'fields[price]': '10', 'fields[location]': 'Berlin', tags: 'keep' });
    const res = await post(t, ownerToken, `${LISTINGS}/${id}`, { title: 'Armchair, like new' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await listingRow(t, id)).toMatchObject({
      title: 'Armchair, like new',
      body: 'Green velvet',
      price_cents: 1000,
      location: 'Berlin',
    });
    expect((await post(t, ownerToken, `${LISTINGS}/${id}`, {})).status).toBe(200);
    expect((await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'tags' })).body.data.tags).toHaveLength(1);
  });

  it('changes every field of the form; an empty price clears it and empty tags clear them', async () => {
    const id = await create({ 'fields[price]': '10', tags: 'a' });
    await post(t, ownerToken, `${LISTINGS}/${id}`, {
      body: 'Blue now',
      category_id: forSale,
      'fields[price]': '',
      'fields[location]': 'Seattle',
      tags: '',
      auth_view: 'owner',
      auth_comment: 'owner',
    });
    expect(await listingRow(t, id)).toMatchObject({
      body: 'Blue now',
      category_id: forSale,
      price_cents: null,
      location: 'Seattle',
      auth_view: 'owner',
      auth_comment: 'owner',
    });
    expect((await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'price,tags' })).body.data).toEqual({ price: '', tags: [] });
  });

  it('sets main_photo_id to another photo of the listing', async () => {
    const id = await insertListing(t, owner, { photos: 2 });
    const [, second] = await photoRows(t, id);
    expect((await post(t, ownerToken, `${LISTINGS}/${id}`, { main_photo_id: second!.id })).status).toBe(200);
    expect((await listingRow(t, id))!.main_photo_id).toBe(second!.id);
    const photos = (await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'photos' })).body.data.photos;
    expect(photos.map((p: { is_main: boolean }) => p.is_main)).toEqual([false, true]);
  });

  it('refuses a main_photo_id that is not a photo of this listing (400, nothing changes)', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const other = await insertListing(t, owner, { photos: 1 });
    const [foreign] = await photoRows(t, other);
    const before = (await listingRow(t, id))!.main_photo_id;
    const res = await post(t, ownerToken, `${LISTINGS}/${id}`, { main_photo_id: foreign!.id, title: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'main_photo_id', error_text: 'invalid_parameter' });
    expect(await listingRow(t, id)).toMatchObject({ main_photo_id: before, title: 'Bike for sale' });
  });

  it('adds a photo sent with the edit as the new main photo', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const res = await post(t, ownerToken, `${LISTINGS}/${id}`, {}, { photo: { filename: 'p.webp', content: await picture('webp') } });
    expect(res.status).toBe(200);
    const photos = await photoRows(t, id);
    expect(photos).toHaveLength(2);
    expect((await listingRow(t, id))!.main_photo_id).toBe(photos[1]!.id);
  });

  it('answers 400 for an edit photo that is not an image; nothing changes', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const images = storedImageCount(t);
    const res = await post(
      t,
      ownerToken,
      `${LISTINGS}/${id}`,
      { title: 'Changed' },
      { photo: { filename: 'x.gif', content: Buffer.from('GIF89a?') } },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('photo');
    expect(await photoRows(t, id)).toHaveLength(1);
    expect((await listingRow(t, id))!.title).toBe('Bike for sale');
    expect(storedImageCount(t)).toBe(images);
  });

  it(`answers 403 for an edit photo when the listing has ${LISTING_PHOTOS_MAX} photos already (can_add_photos false)`, async () => {
    const id = await insertListing(t, owner, { photos: LISTING_PHOTOS_MAX });
    const res = await post(t, ownerToken, `${LISTINGS}/${id}`, {}, { photo: { filename: 'p.png', content: await picture('png') } });
    expect(res.status).toBe(403);
    expect(await photoRows(t, id)).toHaveLength(LISTING_PHOTOS_MAX);
  });

  it('refuses an empty title or body', async () => {
    const id = await create();
    expect((await post(t, ownerToken, `${LISTINGS}/${id}`, { title: ' ' })).body.data.error_params[0].name).toBe('title');
    expect((await post(t, ownerToken, `${LISTINGS}/${id}`, { body: '' })).body.data.error_params[0].name).toBe('body');
  });

  it('answers 403 to a reader who is not the owner, 404 to one who may not see it; nothing changes', async () => {
    const id = await create();
    expect((await post(t, friendToken, `${LISTINGS}/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await post(t, clientToken, `${LISTINGS}/${id}`, { title: 'Mine now' })).status).toBe(403);
    const hidden = await create({ auth_view: 'owner' });
    expect((await post(t, friendToken, `${LISTINGS}/${hidden}`, { title: 'Mine now' })).status).toBe(404);
    expect((await listingRow(t, id))!.title).toBe('Armchair');
    expect((await listingRow(t, hidden))!.title).toBe('Armchair');
  });
});

describe('DELETE /classifieds/{id}', () => {
  it('deletes the listing, its photos and their files, likes, comments and tags; answers a message', async () => {
    const id = await create({ tags: 'gone' }, { photo: { filename: 'a.jpg', content: await picture('jpeg') } });
    await post(
      t,
      ownerToken,
      `${LISTINGS}/photos`,
      { classified_id: id },
      { Filedata: { filename: 'b.png', content: await picture('png') } },
    );
    const photos = await photoRows(t, id);
    expect(photos).toHaveLength(2);
    expect(photos.every((p) => imageExists(t, p.image_key))).toBe(true);
    await post(t, friendToken, '/api/v1/core/likes', { item_type: 'classified', item_id: id });
    await post(t, friendToken, '/api/v1/core/comments', { item_type: 'classified', item_id: id, body: 'Still available?' });

    const res = await del(t, ownerToken, `${LISTINGS}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await listingRow(t, id)).toBeUndefined();
    expect(await photoRows(t, id)).toEqual([]);
    expect(photos.some((p) => imageExists(t, p.image_key))).toBe(false);
    expect(
      await t.db.selectFrom('likes').select('id').where('target_type', '=', 'classified').where('target_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('comments').select('id').where('item_type', '=', 'classified').where('item_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('item_tags').select('tag_id').where('item_type', '=', 'classified').where('item_id', '=', id).execute(),
    ).toEqual([]);
    expect((await get(t, ownerToken, `${LISTINGS}/${id}`)).status).toBe(404);
  });

  it('answers 403 to anyone but the owner and keeps the listing', async () => {
    const id = await create();
    expect((await del(t, friendToken, `${LISTINGS}/${id}`)).status).toBe(403);
    expect((await del(t, clientToken, `${LISTINGS}/${id}`)).status).toBe(403);
    expect(await listingRow(t, id)).toBeDefined();
  });
});
