import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../../src/storage/images.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { get, insertActivity, post } from '../fixtures.ts';

// Extension (docs/api.md, "Extensions": Profile picture): POST /users/me/photo, scope settings.
const PHOTO = '/api/v1/users/me/photo';

const t = setupApi();

/**
 * A 400×300 PNG, blue with a red square of 200 px at (100, 50): a crop of exactly that square
 * gives an all-red picture.
 */
async function testPicture(): Promise<Buffer> {
  const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: red, left: 100, top: 50 }])
    .png()
    .toBuffer();
}
let bytes: Buffer;
beforeAll(async () => {
  bytes = await testPicture();
});

/** A photo of the member's: posted to their wall (Wall Photos), as a profile picture upload, or uploaded and waiting for an album. */
async function upload(m: Member, how: 'wall' | 'profile' | 'pending' = 'wall'): Promise<number> {
  const url = how === 'pending' ? '/api/v1/albums/photo_upload' : '/api/v1/albums/compose_upload';
  const res = await post(t, m.token, url, how === 'pending' ? {} : { type: how }, { Filedata: { filename: 'p.png', content: bytes } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id: number = res.body.data.photo_id;
  // A Wall Photos photo is seen where its post is (one never posted is its owner's alone).
  if (how === 'wall') {
    const posted = await post(t, m.token, '/api/v1/activities', { 'attachment[type]': 'photo', 'attachment[photo_id]': id });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  }
  return id;
}

const makeProfilePhoto = (m: Member, fields: Record<string, string | number>) => post(t, m.token, PHOTO, fields);

/** A picture served at an imgs URL, as a client gets it: its size and the colour of its middle. */
async function served(url: string) {
  const res = await t.app.inject({ url: new URL(url).pathname });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const img = sharp(res.rawPayload);
  const { width, height } = await img.metadata();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { status: 200, width, height, middle: [data[at], data[at + 1], data[at + 2]] };
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
  return n;
}
/** What a refusal must leave as it was: the member's picture, photos, albums, and the stored files. */
const state = async (m: Member) => ({
  avatar: (await t.db.selectFrom('users').select('avatar_key').where('id', '=', m.id).executeTakeFirstOrThrow()).avatar_key,
  photos: await t.db.selectFrom('photos').selectAll().where('owner_id', '=', m.id).orderBy('id').execute(),
  albums: await t.db.selectFrom('albums').selectAll().where('owner_id', '=', m.id).orderBy('id').execute(),
  files: countFiles(filesDir(t.dataDir)),
});

describe('POST /users/me/photo', () => {
  it('makes the icon, normal and profile sizes from the square crop, keeps the original whole, and answers the new imgs', async () => {
    const me = await createMember(t.db, 'Pia Picture');
    const photo = await upload(me);
    const res = await makeProfilePhoto(me, { photo_id: photo, x: 100, y: 50, size: 200 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      message: 'Your profile picture was changed.',
      photo_id: expect.any(Number),
      album_id: expect.any(Number),
      imgs: { icon: expect.any(String), normal: expect.any(String), profile: expect.any(String), original: expect.any(String) },
    });
    const { imgs } = res.body.data;
    const red = [255, 0, 0];
    expect(await served(imgs.icon)).toEqual({ status: 200, width: 50, height: 50, middle: red });
    expect(await served(imgs.normal)).toEqual({ status: 200, width: 120, height: 120, middle: red });
    expect(await served(imgs.profile)).toEqual({ status: 200, width: 240, height: 240, middle: red });
    expect(await served(imgs.original)).toMatchObject({ status: 200, width: 400, height: 300 });
    // A crop of the blue corner is blue all over.
    const corner = await makeProfilePhoto(me, { photo_id: photo, x: 300, y: 200, size: 100 });
    expect(await served(corner.body.data.imgs.icon)).toEqual({ status: 200, width: 50, height: 50, middle: [0, 0, 255] });
  });

  it("shows at once in every owner summary: /users/me, /users/{id}, an activity's owner, a friend list, the legacy user", async () => {
    const me = await createMember(t.db, 'Sam Summary');
    const friend = await createMember(t.db);
    await befriend(t.db, me.id, friend.id);
    const activity = await insertActivity(t.db, { owner: me.id });
    const legacy = await legacyToken(t, friend.id);
    const { imgs } = (await makeProfilePhoto(me, { photo_id: await upload(me), x: 0, y: 0, size: 300 })).body.data;

    expect((await get(t, me.token, '/api/v1/users/me')).body.data.imgs).toEqual(imgs);
    expect((await get(t, friend.token, `/api/v1/users/${me.id}`)).body.data.imgs).toEqual(imgs);
    expect((await get(t, friend.token, `/api/v1/activities/${activity}`, { fields: 'owner' })).body.data.owner.imgs).toEqual(imgs);
    expect((await get(t, friend.token, '/api/v1/friends')).body.data[0].imgs).toEqual(imgs);
    const user = (await callApi(t, legacy, 'user.getUser', { user_id: me.id })).output;
    expect([user.photo_50px, user.photo_120px, user.photo_original]).toEqual([imgs.icon, imgs.normal, imgs.original]);
  });

  it('the picture it replaces is removed; the photos stay', async () => {
    const me = await createMember(t.db);
    const photo = await upload(me);
    const first = (await makeProfilePhoto(me, { photo_id: photo, x: 0, y: 0, size: 100 })).body.data.imgs;
    const second = (await makeProfilePhoto(me, { photo_id: photo, x: 10, y: 10, size: 100 })).body.data.imgs;
    expect(second.icon).not.toEqual(first.icon);
    expect((await served(first.icon)).status).toBe(404);
    expect((await served(second.icon)).status).toBe(200);
    expect((await get(t, me.token, `/api/v1/albums/photos/${photo}`)).status).toBe(200);
  });
});

describe('POST /users/me/photo: the Profile Pictures album', () => {
  it('copies a photo of another album into Profile Pictures (made on first use, then reused); the photo keeps its album', async () => {
    const me = await createMember(t.db);
    const photo = await upload(me, 'wall');
    const wallAlbum = (await get(t, me.token, `/api/v1/albums/photos/${photo}`, { fields: 'album' })).body.data.album.id;
    const res = await makeProfilePhoto(me, { photo_id: photo, x: 0, y: 0, size: 100 });
    const { photo_id: copy, album_id: albumId } = res.body.data;
    expect(copy).not.toBe(photo);
    const album = (await get(t, me.token, `/api/v1/albums/${albumId}`, { fields: 'id,title,photos,total_photo' })).body.data;
    expect(album).toMatchObject({ title: 'Profile Pictures', total_photo: 1, photos: [{ id: copy }] });
    expect((await get(t, me.token, `/api/v1/albums/photos/${photo}`, { fields: 'album' })).body.data.album.id).toBe(wallAlbum);
    expect((await get(t, me.token, `/api/v1/albums/photos/${copy}`, { fields: 'img' })).status).toBe(200);

    const again = (await makeProfilePhoto(me, { photo_id: await upload(me, 'wall'), x: 0, y: 0, size: 100 })).body.data;
    expect(again.album_id).toBe(albumId);
    const photos = (await get(t, me.token, `/api/v1/albums/${albumId}`, { fields: 'photos' })).body.data.photos;
    expect(photos.map((p: { id: number }) => p.id)).toEqual([copy, again.photo_id]);
  });

  it('keeps a photo already in Profile Pictures where it is, and moves an upload waiting for an album there', async () => {
    const me = await createMember(t.db);
    const inProfile = await upload(me, 'profile');
    const kept = (await makeProfilePhoto(me, { photo_id: inProfile, x: 0, y: 0, size: 100 })).body.data;
    expect(kept.photo_id).toBe(inProfile);
    const pending = await upload(me, 'pending');
    const moved = (await makeProfilePhoto(me, { photo_id: pending, x: 0, y: 0, size: 100 })).body.data;
    expect(moved).toMatchObject({ photo_id: pending, album_id: kept.album_id });
    const photos = (await get(t, me.token, `/api/v1/albums/${kept.album_id}`, { fields: 'photos' })).body.data.photos;
    expect(photos.map((p: { id: number }) => p.id)).toEqual([inProfile, pending]);
  });
});

describe('POST /users/me/photo: refusals change nothing', () => {
  it('refuses a crop outside the photo, not whole numbers, too small, missing, or not square: 400 naming the parameter', async () => {
    const me = await createMember(t.db);
    const photo = await upload(me); // 400×300
    const cases: Array<[Record<string, string | number>, string, RegExp?]> = [
      [{ x: 201, y: 0, size: 200 }, 'x', /right edge: x \+ size must be at most 400/],
      [{ x: 0, y: 101, size: 200 }, 'y', /bottom edge: y \+ size must be at most 300/],
      [{ x: 0, y: 0, size: 301 }, 'size', /at most 300/],
      [{ x: 1.5, y: 0, size: 100 }, 'x'],
      [{ x: 0, y: 'ten', size: 100 }, 'y'],
      [{ x: -1, y: 0, size: 100 }, 'x'],
      [{ x: 0, y: 0, size: 49 }, 'size', />= 50/],
      [{ x: 0, y: 0, size: 100.5 }, 'size'],
      [{ y: 0, size: 100 }, 'x', /required/],
      [{ x: 0, y: 0, size: 100, width: 100, height: 80 }, 'width', /not a known parameter/],
    ];
    for (const [crop, name, message] of cases) {
      const before = await state(me);
      const res = await makeProfilePhoto(me, { photo_id: photo, ...crop });
      expect(res.status, JSON.stringify(crop)).toBe(400);
      expect(res.body.data.error_text).toBe('invalid_parameters');
      expect(res.body.data.error_params[0].name, JSON.stringify(crop)).toBe(name);
      if (message) expect(res.body.data.error_params[0].message).toMatch(message);
      expect(await state(me)).toEqual(before);
    }
    const both = await makeProfilePhoto(me, { photo_id: photo, x: 350, y: 250, size: 100 });
    expect(both.body.data.error_params.map((p: { name: string }) => p.name)).toEqual(['x', 'y']);
  });

  it("another member's photo: 403 when one may see it (can_make_profile_photo false), 404 when not or when there is none", async () => {
    const [me, other] = [await createMember(t.db), await createMember(t.db)];
    const visible = await upload(other, 'wall');
    const hidden = await upload(other, 'pending');
    const mine = await upload(me);
    const flag = async (id: number) =>
      (await get(t, me.token, `/api/v1/albums/photos/${id}`, { fields: 'can_make_profile_photo' })).body.data.can_make_profile_photo;
    expect(await flag(mine)).toBe(true);
    expect(await flag(visible)).toBe(false);
    for (const [id, status, message] of [
      [visible, 403, /your own photos/],
      [hidden, 404, /not found/],
      [999_999, 404, /not found/],
    ] as const) {
      const before = await state(me);
      const res = await makeProfilePhoto(me, { photo_id: id, x: 0, y: 0, size: 100 });
      expect(res.status).toBe(status);
      expect(res.body.data.message).toMatch(message);
      expect(await state(me)).toEqual(before);
    }
  });

  it('needs the settings scope (403), a user rather than a client-credentials token (403), and a token (401)', async () => {
    const me = await createMember(t.db);
    const photo = await upload(me);
    for (const [token, status] of [
      [await tokenFor(t.db, me.id, ['basic', 'albums']), 403],
      [await tokenFor(t.db, null, ['settings']), 403],
      [null, 401],
    ] as const) {
      const before = await state(me);
      expect((await post(t, token, PHOTO, { photo_id: photo, x: 0, y: 0, size: 100 })).status).toBe(status);
      expect(await state(me)).toEqual(before);
    }
    expect((await post(t, await tokenFor(t.db, me.id, ['settings']), PHOTO, { photo_id: photo, x: 0, y: 0, size: 100 })).status).toBe(200);
  });
});
