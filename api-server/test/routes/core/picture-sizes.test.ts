import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, picture, post } from '../fixtures.ts';

// Picture sizes (docs/api.md, "Extensions": Picture sizes and descriptions): the original's pixels
// wherever the API gives a picture, the size it shows at (an EXIF orientation already applied), and
// the descriptions saved with it.

const t = setupApi();
let token: string;
beforeAll(async () => {
  token = await tokenFor(t.db, (await createUser(t.db)).id);
});

/** A JPEG 300 × 200 in its pixels whose EXIF says "rotate 90°": it shows 200 wide and 300 high. */
const sideways = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

const file = async (content: Buffer, filename = 'a.jpg') => ({ filename, content, type: 'image/jpeg' });

describe('photos', () => {
  let photoId: number, albumId: number;
  beforeAll(async () => {
    const up = await post(t, token, '/api/v1/albums/compose_upload', {}, { Filedata: await file(await sideways()) });
    expect(up.status).toBe(200);
    photoId = up.body.data.photo_id;
    albumId = up.body.data.album_id;
  });

  it('gives the photo detail the size it shows at, when named in fields', async () => {
    const res = await get(t, token, `/api/v1/albums/photos/${photoId}`, { fields: 'id,img,width,height' });
    expect(res.body.data).toEqual({ id: photoId, img: expect.any(String), width: 200, height: 300 });
    // The stored original is upright: its own pixels are the size given.
    const img = await t.app.inject({ method: 'GET', url: new URL(res.body.data.img).pathname });
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
  });

  it("keeps the document's fields when fields is absent", async () => {
    const res = await get(t, token, `/api/v1/albums/photos/${photoId}`);
    expect(res.body.data).not.toHaveProperty('width');
    expect(res.body.data).toHaveProperty('img');
  });

  it("gives the album's photo stubs their size when photo_fields names it", async () => {
    const named = await get(t, token, `/api/v1/albums/${albumId}`, { fields: 'id,photos', photo_fields: 'id,thumb,width,height' });
    expect(named.body.data.photos).toEqual([{ id: photoId, thumb: expect.any(String), width: 200, height: 300 }]);
    const plain = await get(t, token, `/api/v1/albums/${albumId}`, { fields: 'id,photos' });
    expect(plain.body.data.photos).toEqual([{ id: photoId, type: 'album_photo', thumb: expect.any(String) }]);
    const bad = await get(t, token, `/api/v1/albums/${albumId}`, { fields: 'id,photos', photo_fields: 'id,depth' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('photo_fields');
  });

  it("gives a post's photo attachment its size and its saved description", async () => {
    const saved = await post(t, token, `/api/v1/albums/photos/${photoId}`, { description: 'A red square on its side' });
    expect(saved.status).toBe(200);
    const res = await post(t, token, '/api/v1/activities', { 'attachment[type]': 'photo', 'attachment[photo_id]': photoId });
    expect(res.status).toBe(200);
    const a = await get(t, token, `/api/v1/activities/${res.body.data.id}`, { fields: 'id,attachments' });
    expect(a.body.data.attachments).toEqual([
      expect.objectContaining({ id: photoId, type: 'photo', description: 'A red square on its side', width: 200, height: 300 }),
    ]);
    const detail = await get(t, token, `/api/v1/albums/photos/${photoId}`, { fields: 'description' });
    expect(detail.body.data.description).toBe('A red square on its side');
  });

  it('gives a link attachment no size', async () => {
    const res = await post(t, token, '/api/v1/activities', { 'attachment[type]': 'link', 'attachment[uri]': 'https://example.com/' });
    const a = await get(t, token, `/api/v1/activities/${res.body.data.id}`, { fields: 'attachments' });
    expect(a.body.data.attachments[0]).not.toHaveProperty('width');
  });
});

describe('listing photos', () => {
  it('gives every photo of a listing its size, the one sent with the form and one added after', async () => {
    const made = await post(
      t,
      token,
      '/api/v1/classifieds',
      { title: 'A lamp', body: 'Brass.' },
      { photo: await file(await picture('jpeg', 640, 480)) },
    );
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    const added = await post(t, token, '/api/v1/classifieds/photos', { classified_id: id }, { Filedata: await file(await sideways()) });
    expect(added.status).toBe(200);
    const detail = await get(t, token, `/api/v1/classifieds/${id}`, { fields: 'id,photos' });
    expect(detail.body.data.photos).toEqual([
      expect.objectContaining({ is_main: true, width: 640, height: 480 }),
      expect.objectContaining({ is_main: false, width: 200, height: 300 }),
    ]);
  });
});

describe("an event's picture", () => {
  const fields = 'id,img,img_width,img_height,img_description';

  it('gives the picture its size and description when named, on create and on a new picture', async () => {
    const made = await post(
      t,
      token,
      '/api/v1/events',
      { title: 'Picnic', img_description: 'A blanket on the grass' },
      { photo: await file(await picture('jpeg', 800, 450)) },
    );
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    expect((await get(t, token, `/api/v1/events/${id}`, { fields })).body.data).toEqual({
      id,
      img: expect.any(String),
      img_width: 800,
      img_height: 450,
      img_description: 'A blanket on the grass',
    });
    // An edit without a picture keeps it, and may change its description alone.
    expect((await post(t, token, `/api/v1/events/${id}`, { title: 'Picnic', img_description: 'A blue blanket' })).status).toBe(200);
    expect((await get(t, token, `/api/v1/events/${id}`, { fields })).body.data).toMatchObject({
      img_width: 800,
      img_description: 'A blue blanket',
    });
    // A new picture without a description does not take the old one's.
    const edited = await post(t, token, `/api/v1/events/${id}`, { title: 'Picnic' }, { photo: await file(await sideways()) });
    expect(edited.status).toBe(200);
    expect((await get(t, token, `/api/v1/events/${id}`, { fields })).body.data).toMatchObject({
      img_width: 200,
      img_height: 300,
      img_description: '',
    });
    // The list gives them too, when named.
    const list = await get(t, token, '/api/v1/events/my', { fields: 'id,thumb,img_width,img_height' });
    expect(list.body.data).toContainEqual({ id, thumb: expect.any(String), img_width: 200, img_height: 300 });
  });

  it('gives an event without a picture no size', async () => {
    const made = await post(t, token, '/api/v1/events', { title: 'No picture' });
    const res = await get(t, token, `/api/v1/events/${made.body.data.id}`, { fields });
    expect(res.body.data).toEqual({ id: made.body.data.id, img: '', img_width: null, img_height: null, img_description: '' });
  });

  it('refuses a description longer than 1,000 characters, naming it, and changes nothing', async () => {
    const made = await post(t, token, '/api/v1/events', { title: 'Long words' });
    const res = await post(t, token, `/api/v1/events/${made.body.data.id}`, { title: 'Long words', img_description: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('img_description');
  });
});
