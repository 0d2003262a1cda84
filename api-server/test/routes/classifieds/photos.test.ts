import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_PHOTOS_MAX } from '../../../src/routes/classifieds/present.ts';
import { ownerFriendAndClient } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, picture, post } from '../fixtures.ts';
import { imageExists, insertListing, listingRow, LISTINGS, photoRows, storedImageCount } from './listings.ts';

const PHOTOS = `${LISTINGS}/photos`;

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, clientToken: string;

const upload = async (classified_id: number | string, token = ownerToken, content?: Buffer) =>
  post(
    t,
    token,
    PHOTOS,
    { classified_id },
    { Filedata: { filename: 'x.jpg', content: content ?? (await picture('jpeg', 200, 150)), type: 'image/jpeg' } },
  );

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, clientToken } = await ownerFriendAndClient(t.db, ['classifieds']));
});

describe('POST /classifieds/photos', () => {
  it('adds a photo, answers its id, and makes the first photo the main one', async () => {
    const id = await insertListing(t, owner);
    const first = await upload(id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    expect((await listingRow(t, id))!.main_photo_id).toBe(first.body.data.id);
    const second = await upload(id);
    expect((await listingRow(t, id))!.main_photo_id).toBe(first.body.data.id);
    expect((await photoRows(t, id)).map((p) => p.id)).toEqual([first.body.data.id, second.body.data.id]);
    const detail = await get(t, friendToken, `${LISTINGS}/${id}`, { fields: 'thumb,photos' });
    expect(detail.body.data.photos.map((p: { is_main: boolean }) => p.is_main)).toEqual([true, false]);
    expect(detail.body.data.thumb).toMatch(/\/240\.jpg$/);
  });

  it('needs Filedata and classified_id (400 naming each)', async () => {
    const id = await insertListing(t, owner);
    const noFile = await post(t, ownerToken, PHOTOS, { classified_id: id });
    expect(noFile.status).toBe(400);
    expect(noFile.body.data.error_params).toEqual([{ name: 'Filedata', message: expect.any(String), error_text: 'missing_parameter' }]);
    const noListing = await post(t, ownerToken, PHOTOS, {}, { Filedata: { filename: 'x.png', content: await picture('png') } });
    expect(noListing.body.data.error_params).toEqual([
      { name: 'classified_id', message: expect.any(String), error_text: 'missing_parameter' },
    ]);
  });

  it('answers 400 for a file that is not an image and stores nothing', async () => {
    const id = await insertListing(t, owner);
    const images = storedImageCount(t);
    const res = await upload(id, ownerToken, Buffer.from('%PDF-1.4 not a picture'));
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('Filedata');
    expect(await photoRows(t, id)).toEqual([]);
    expect(storedImageCount(t)).toBe(images);
  });

  it('answers 403 to anyone but the owner (can_add_photos false) and adds nothing', async () => {
    const id = await insertListing(t, owner);
    expect((await get(t, friendToken, `${LISTINGS}/${id}`, { fields: 'can_add_photos' })).body.data).toEqual({ can_add_photos: false });
    expect((await upload(id, friendToken)).status).toBe(403);
    expect((await upload(id, clientToken)).status).toBe(403);
    expect(await photoRows(t, id)).toEqual([]);
  });

  it('answers 404 for a listing the caller may not see', async () => {
    const hidden = await insertListing(t, owner, { auth_view: 'owner' });
    expect((await upload(hidden, friendToken)).status).toBe(404);
    expect((await upload(999_999)).status).toBe(404);
  });

  it(`stops at ${LISTING_PHOTOS_MAX} photos: can_add_photos turns false and adding answers 403`, async () => {
    const id = await insertListing(t, owner, { photos: LISTING_PHOTOS_MAX - 1 });
    const canAdd = async () => (await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'can_add_photos' })).body.data.can_add_photos;
    expect(await canAdd()).toBe(true);
    expect((await upload(id)).status).toBe(200);
    expect(await canAdd()).toBe(false);
    expect((await upload(id)).status).toBe(403);
    expect(await photoRows(t, id)).toHaveLength(LISTING_PHOTOS_MAX);
  });
});

describe('POST /classifieds/photos/{id}', () => {
  it('changes the description and answers a message', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const [photo] = await photoRows(t, id);
    const res = await post(t, ownerToken, `${PHOTOS}/${photo!.id}`, { description: ' Front view ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect((await photoRows(t, id))[0]!.description).toBe('Front view');
    const detail = await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'photos' });
    expect(detail.body.data.photos[0].description).toBe('Front view');
  });

  it('answers 403 to anyone but the owner and 404 for a photo that does not exist', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const [photo] = await photoRows(t, id);
    expect((await post(t, friendToken, `${PHOTOS}/${photo!.id}`, { description: 'Mine' })).status).toBe(403);
    expect((await photoRows(t, id))[0]!.description).toBe('Photo 0');
    expect((await post(t, ownerToken, `${PHOTOS}/999999`, { description: 'x' })).status).toBe(404);
  });

  it('answers 404 for a photo of a listing the caller may not see', async () => {
    const id = await insertListing(t, owner, { photos: 1, auth_view: 'owner' });
    const [photo] = await photoRows(t, id);
    expect((await post(t, friendToken, `${PHOTOS}/${photo!.id}`, { description: 'x' })).status).toBe(404);
  });
});

describe('DELETE /classifieds/photos/{id}', () => {
  it('deletes the photo and its files and answers only success', async () => {
    const id = await insertListing(t, owner);
    const added = await upload(id);
    const [photo] = await photoRows(t, id);
    expect(imageExists(t, photo!.image_key)).toBe(true);
    const res = await del(t, ownerToken, `${PHOTOS}/${added.body.data.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await photoRows(t, id)).toEqual([]);
    expect(imageExists(t, photo!.image_key)).toBe(false);
  });

  it('passes the main photo on to the oldest photo left, and clears it with the last one', async () => {
    const id = await insertListing(t, owner, { photos: 3 });
    const [a, b, c] = await photoRows(t, id);
    expect((await listingRow(t, id))!.main_photo_id).toBe(a!.id);
    await del(t, ownerToken, `${PHOTOS}/${b!.id}`);
    expect((await listingRow(t, id))!.main_photo_id).toBe(a!.id);
    await del(t, ownerToken, `${PHOTOS}/${a!.id}`);
    expect((await listingRow(t, id))!.main_photo_id).toBe(c!.id);
    await del(t, ownerToken, `${PHOTOS}/${c!.id}`);
    expect((await listingRow(t, id))!.main_photo_id).toBeNull();
    expect((await get(t, ownerToken, `${LISTINGS}/${id}`, { fields: 'thumb,photos' })).body.data).toEqual({ thumb: '', photos: [] });
  });

  it('answers 403 to anyone but the owner and keeps the photo', async () => {
    const id = await insertListing(t, owner, { photos: 1 });
    const [photo] = await photoRows(t, id);
    expect((await del(t, friendToken, `${PHOTOS}/${photo!.id}`)).status).toBe(403);
    expect((await del(t, clientToken, `${PHOTOS}/${photo!.id}`)).status).toBe(403);
    expect(await photoRows(t, id)).toHaveLength(1);
    expect((await del(t, ownerToken, `${PHOTOS}/999999`)).status).toBe(404);
  });
});
