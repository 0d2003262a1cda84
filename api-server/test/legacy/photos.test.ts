import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../src/db/types.ts';
import { befriend, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { insertAlbum, insertPhoto, picture } from '../routes/fixtures.ts';
import { callApi, expectError, legacyToken, postApi } from './fixtures.ts';

const SET_KEYS = ['100px', '1024px', '150px', '240px', '500px', '75px', 'original'];
const ENTRY_KEYS = ['photo_100px', 'photo_240px', 'photo_original'];

const t = setupApi({ config: { uploadMaxBytes: 200_000 } });
let owner: number, friend: number, stranger: number;
let ownerToken: string, friendToken: string, strangerToken: string;

beforeAll(async () => {
  owner = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  await befriend(t.db, owner, friend);
  ownerToken = await legacyToken(t, owner);
  friendToken = await legacyToken(t, friend);
  strangerToken = await legacyToken(t, stranger);
});

describe.each(['advancedphoto.addPhoto', 'photo.addPhoto'])('POST /api.php?method=%s', (method) => {
  it('stores the photo in the user\'s "App Photos" album and answers the photo set of absolute URLs', async () => {
    const body = await postApi(
      t,
      ownerToken,
      method,
      { photo_name: 'beach day.jpg' },
      { photo: { filename: 'x.png', content: await picture('png', 1600, 900), type: 'image/png' } },
    );
    expect(body.api).toEqual({ total: 1, pages: 1, current_page: 1 });
    expect(Object.keys(body.output).sort()).toEqual(SET_KEYS);
    for (const key of SET_KEYS) expect(body.output[key]).toMatch(new RegExp(`^${t.config.publicUrl}/files/img/[0-9a-f]{32}/`));
    // Each URL serves the picture at its size.
    const got = await t.app.inject({ url: new URL(body.output['240px']).pathname });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const photo = await t.db
      .selectFrom('photos as p')
      .innerJoin('albums as a', 'a.id', 'p.album_id')
      .select(['p.title', 'p.owner_id', 'a.kind', 'a.title as album_title', 'a.owner_id as album_owner'])
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(photo).toEqual({ title: 'beach day', owner_id: owner, kind: 'app', album_title: 'App Photos', album_owner: owner });
  });

  it('a missing photo answers error 4', async () => {
    expectError(await postApi(t, ownerToken, method, { photo_name: 'a.jpg' }), 4, /photo/);
  });

  it('a file that is not an image answers error 9 and stores nothing', async () => {
    const before = (await t.db.selectFrom('photos').select('id').execute()).length;
    expectError(
      await postApi(
        t,
        ownerToken,
        method,
        {},
        { photo: { filename: 'x.jpg', content: Buffer.from('not an image at all'), type: 'image/jpeg' } },
      ),
      9,
      /JPEG, PNG, GIF or WebP/,
    );
    expect((await t.db.selectFrom('photos').select('id').execute()).length).toBe(before);
  });

  it('a file larger than the server accepts answers error 9', async () => {
    const big = Buffer.alloc(300_000, 1);
    expectError(await postApi(t, ownerToken, method, {}, { photo: { filename: 'big.png', content: big } }), 9, /larger/);
  });

  it('sent as GET it answers error 8', async () => {
    expectError(await callApi(t, ownerToken, method), 8, /POST/);
  });
});

/** A photo row with an image key of its own, so that its URLs tell it apart. */
let keySeq = 0;
async function photoIn(owner: number, albumId: number | null, title: string): Promise<number> {
  const id = await insertPhoto(t.db, owner, albumId, title);
  keySeq += 1;
  await t.db
    .updateTable('photos')
    .set({ image_key: `${keySeq.toString(16).padStart(32, '0')}.png` })
    .where('id', '=', id)
    .execute();
  return id;
}

describe.each(['advancedphoto.getPhotos', 'photo.getPhotos'])('GET /api.php?method=%s', (method) => {
  let albums: Record<string, number>;
  let photos: Record<string, number>;
  let owner: number, ownerToken: string;
  beforeAll(async () => {
    // An owner of their own, with fewer photos than a page holds.
    owner = (await createUser(t.db)).id;
    await befriend(t.db, owner, friend);
    ownerToken = await legacyToken(t, owner);
    albums = {};
    photos = {};
    for (const view of ['everyone', 'registered', 'owner_member', 'owner'] as Privacy[]) {
      albums[view] = await insertAlbum(t.db, owner, { auth_view: view, title: view });
      photos[view] = await photoIn(owner, albums[view]!, view);
    }
    albums.hidden = await insertAlbum(t.db, owner, { title: 'hidden' });
    await t.db.updateTable('albums').set({ allow_search: 0 }).where('id', '=', albums.hidden!).execute();
    photos.hidden = await photoIn(owner, albums.hidden!, 'hidden');
    photos.pending = await photoIn(owner, null, 'pending');
  });

  const idsOf = async (token: string, params: Record<string, number> = {}) => {
    const body = await callApi(t, token, method, { user_id: owner, ...params });
    const visible = await t.db.selectFrom('photos').select(['id', 'image_key']).where('owner_id', '=', owner).execute();
    return {
      body,
      ids: (body.output as Array<{ photo_original: string }>).map(
        (e) => visible.find((p) => e.photo_original.includes(`/${p.image_key.split('.')[0]!}/`))?.id,
      ),
    };
  };

  it('entries carry exactly photo_100px, photo_240px and photo_original, as absolute URLs', async () => {
    const { body } = await idsOf(ownerToken);
    for (const entry of body.output) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      expect(entry.photo_100px).toMatch(/\/100\.png$/);
      expect(entry.photo_240px).toMatch(/\/240\.png$/);
      expect(entry.photo_original).toMatch(/\/original\.png$/);
    }
  });

  it('the owner sees all their photos in albums, newest first (not uploads waiting for an album)', async () => {
    const { ids, body } = await idsOf(ownerToken);
    expect(ids).toEqual(expect.arrayContaining([photos.everyone, photos.registered, photos.owner_member, photos.owner, photos.hidden]));
    expect(ids).not.toContain(photos.pending);
    expect(ids.indexOf(photos.hidden)).toBeLessThan(ids.indexOf(photos.everyone));
    expect(body.api.total).toBe(ids.length);
  });

  it('a friend sees everyone, registered and friends-only albums, not "only me" nor those hidden from lists', async () => {
    const { ids } = await idsOf(friendToken);
    expect(ids).toEqual(expect.arrayContaining([photos.everyone, photos.registered, photos.owner_member]));
    expect(ids).not.toContain(photos.owner);
    expect(ids).not.toContain(photos.hidden);
  });

  it('a stranger sees only everyone and registered albums', async () => {
    const { ids } = await idsOf(strangerToken);
    expect(ids).toContain(photos.everyone);
    expect(ids).toContain(photos.registered);
    expect(ids).not.toContain(photos.owner_member);
    expect(ids).not.toContain(photos.owner);
  });

  it("without user_id it lists the token user's own photos", async () => {
    const body = await callApi(t, strangerToken, method);
    expect(body).toEqual({ api: { total: 0, pages: 0, current_page: 1 }, output: [] });
  });

  it('an unknown user answers error 6', async () => {
    expectError(await callApi(t, ownerToken, method, { user_id: 999_999 }), 6);
  });
});

describe('getPhotos paging', () => {
  it('answers 10 a page with total, pages and current_page', async () => {
    const u = (await createUser(t.db)).id;
    const album = await insertAlbum(t.db, u);
    for (let i = 0; i < 13; i++) await insertPhoto(t.db, u, album, `p${i}`);
    const token = await legacyToken(t, u);
    const first = await callApi(t, token, 'photo.getPhotos');
    expect(first.api).toEqual({ total: 13, pages: 2, current_page: 1 });
    expect(first.output).toHaveLength(10);
    const second = await callApi(t, token, 'photo.getPhotos', { page: 2 });
    expect(second.api).toEqual({ total: 13, pages: 2, current_page: 2 });
    expect(second.output).toHaveLength(3);
    const beyond = await callApi(t, token, 'photo.getPhotos', { page: 3 });
    expect(beyond).toEqual({ api: { total: 13, pages: 2, current_page: 3 }, output: [] });
  });
});
