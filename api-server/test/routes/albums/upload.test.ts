import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../../src/storage/images.ts';
import { tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, picture, post } from '../fixtures.ts';
import { ALBUMS, albumRow, cast, categoryIds, makeAlbum, makePhoto, uploadPending } from './album-fixtures.ts';

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  c = await cast(t);
});

const photoRow = (id: number) => t.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
const UPLOAD = `${ALBUMS}/upload`;

describe('POST /albums/photo_upload', () => {
  it("stores the image as the caller's upload waiting for an album and answers photo_id", async () => {
    const res = await post(
      t,
      c.ownerToken,
      `${ALBUMS}/photo_upload`,
      {},
      { Filedata: { filename: 'a.png', content: await picture('png', 300, 200) } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { photo_id: expect.any(Number) } });
    const photo = await photoRow(res.body.data.photo_id);
    expect(photo).toMatchObject({ owner_id: c.owner, album_id: null, width: 300, height: 200 });
    expect(fs.existsSync(path.join(filesDir(t.dataDir), 'img', photo!.image_key.split('.')[0]!, '240.png'))).toBe(true);
  });

  it('an upload waiting for an album is seen by its owner alone', async () => {
    const id = await uploadPending(t, c.ownerToken);
    const mine = await get(t, c.ownerToken, `${ALBUMS}/photos/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.album).toBeUndefined();
    for (const token of [c.friendToken, c.strangerToken, c.clientToken])
      expect((await get(t, token, `${ALBUMS}/photos/${id}`)).status).toBe(404);
  });

  it('answers 400 missing_parameter without Filedata and 400 naming Filedata for a file that is not an image', async () => {
    const none = await post(t, c.ownerToken, `${ALBUMS}/photo_upload`, {});
    expect(none.status).toBe(400);
    expect(none.body.data.error_params[0]).toMatchObject({ name: 'Filedata', error_text: 'missing_parameter' });
    const before = (await t.db.selectFrom('photos').select('id').execute()).length;
    const text = await post(
      t,
      c.ownerToken,
      `${ALBUMS}/photo_upload`,
      {},
      { Filedata: { filename: 'x.jpg', content: Buffer.from('not an image '.repeat(20)) } },
    );
    expect(text.status).toBe(400);
    expect(text.body.data.error_params[0]).toMatchObject({ name: 'Filedata', error_text: 'invalid_parameter' });
    const field = await post(t, c.ownerToken, `${ALBUMS}/photo_upload`, { Filedata: 'text' });
    expect(field.status).toBe(400);
    expect((await t.db.selectFrom('photos').select('id').execute()).length).toBe(before);
  });

  it('answers 403 to a client-credentials token and without the albums scope', async () => {
    const file = { Filedata: { filename: 'a.png', content: await picture('png') } };
    expect((await post(t, c.clientToken, `${ALBUMS}/photo_upload`, {}, file)).status).toBe(403);
    expect((await post(t, await tokenFor(t.db, c.owner, ['basic']), `${ALBUMS}/photo_upload`, {}, file)).status).toBe(403);
  });
});

describe('POST /albums/upload into a new album', () => {
  it('makes the album from album[...], moves the uploads into it, sets the cover and answers album_id', async () => {
    const ids = [await uploadPending(t, c.ownerToken), await uploadPending(t, c.ownerToken)];
    const cats = await categoryIds(t.db, 'album');
    const res = await post(t, c.ownerToken, UPLOAD, {
      photo_ids: ids.join(','),
      'album[title]': ' Beach day ',
      'album[category_id]': cats.get('Travel')!,
      'album[description]': 'Sand',
      'album[allow_search]': 0,
      'album[auth_view]': 'owner_member',
      'album[auth_comment]': 'registered',
      'album[auth_tag]': 'owner',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { album_id: expect.any(Number) } });
    const album = await albumRow(t.db, res.body.data.album_id);
    expect(album).toMatchObject({
      owner_id: c.owner,
      kind: 'normal',
      title: 'Beach day',
      category_id: cats.get('Travel'),
      description: 'Sand',
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'registered',
      auth_tag: 'owner',
    });
    expect(ids).toContain(album!.cover_photo_id);
    for (const id of ids) expect((await photoRow(id))!.album_id).toBe(album!.id);
    const detail = await get(t, c.ownerToken, `${ALBUMS}/${album!.id}`);
    expect(detail.body.data).toMatchObject({ total_photo: 2, title: 'Beach day' });
    expect(detail.body.data.thumb).not.toBe('');
  });

  it('a new album takes the defaults for what album[...] leaves out: public, searchable, friends may tag', async () => {
    const id = await uploadPending(t, c.ownerToken);
    const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), 'album[title]': 'Defaults' });
    expect(await albumRow(t.db, res.body.data.album_id)).toMatchObject({
      description: '',
      category_id: null,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      auth_tag: 'owner_member',
    });
  });

  it('may make an empty album (photo_ids left out)', async () => {
    const res = await post(t, c.ownerToken, UPLOAD, { 'album[title]': 'Empty for now' });
    expect(res.status).toBe(200);
    expect(await albumRow(t.db, res.body.data.album_id)).toMatchObject({ title: 'Empty for now', cover_photo_id: null });
  });

  it('answers 400 naming album[...] parameters that are wrong, and makes nothing', async () => {
    const id = await uploadPending(t, c.ownerToken);
    const before = (await t.db.selectFrom('albums').select('id').execute()).length;
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ 'album[title]': '  ' }, 'album[title]'],
      [{ 'album[title]': 'x'.repeat(256) }, 'album[title]'],
      [{ 'album[title]': 'ok', 'album[category_id]': 99999 }, 'album[category_id]'],
      [{ 'album[title]': 'ok', 'album[auth_view]': 'friends' }, 'album[auth_view]'],
      [{ 'album[title]': 'ok', 'album[allow_search]': 3 }, 'album[allow_search]'],
    ];
    for (const [form, name] of cases) {
      const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), ...form });
      expect(res.status, name).toBe(400);
      expect(res.body.data.error_params[0].name).toBe(name);
    }
    expect((await t.db.selectFrom('albums').select('id').execute()).length).toBe(before);
    expect((await photoRow(id))!.album_id).toBeNull();
  });
});

describe('POST /albums/upload into an existing album', () => {
  it("adds the uploads to album_id and keeps the album's cover", async () => {
    const album = await makeAlbum(t.db, c.owner);
    const cover = await makePhoto(t.db, c.owner, album);
    await t.db.updateTable('albums').set({ cover_photo_id: cover }).where('id', '=', album).execute();
    const ids = [await uploadPending(t, c.ownerToken), await uploadPending(t, c.ownerToken)];
    const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: ` ${ids[0]}, ${ids[1]}, `, album_id: album });
    expect(res.body).toEqual({ success: true, data: { album_id: album } });
    for (const id of ids) expect((await photoRow(id))!.album_id).toBe(album);
    expect((await albumRow(t.db, album))!.cover_photo_id).toBe(cover);
  });

  it('sets the cover of an album that had none', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const id = await uploadPending(t, c.ownerToken);
    await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: album });
    expect((await albumRow(t.db, album))!.cover_photo_id).toBe(id);
  });

  it('answers 400 missing_parameter naming photo_ids when adding nothing to an existing album', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const res = await post(t, c.ownerToken, UPLOAD, { album_id: album });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'photo_ids', error_text: 'missing_parameter' });
  });

  it("answers 403 for another user's album (can_upload false) and moves nothing", async () => {
    const theirs = await makeAlbum(t.db, c.friend);
    const id = await uploadPending(t, c.ownerToken);
    expect((await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: theirs })).status).toBe(403);
    expect((await photoRow(id))!.album_id).toBeNull();
  });

  it('answers 403 for a special album (its photos come from compose_upload)', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    const id = await uploadPending(t, c.ownerToken);
    expect((await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: wall })).status).toBe(403);
    expect((await photoRow(id))!.album_id).toBeNull();
  });

  it('answers 404 for an album the caller may not see or that does not exist', async () => {
    const hidden = await makeAlbum(t.db, c.friend, { auth_view: 'owner' });
    const id = await uploadPending(t, c.ownerToken);
    expect((await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: hidden })).status).toBe(404);
    expect((await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: 99999999 })).status).toBe(404);
  });
});

describe('POST /albums/upload: which album', () => {
  it('answers 400 missing_parameter naming album_id and album[title] when neither is sent', async () => {
    const id = await uploadPending(t, c.ownerToken);
    const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), 'album[description]': 'no title' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([
      expect.objectContaining({ name: 'album_id', error_text: 'missing_parameter' }),
      expect.objectContaining({ name: 'album[title]', error_text: 'missing_parameter' }),
    ]);
  });

  it('answers 400 naming album_id when both album_id and album[title] are sent', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const id = await uploadPending(t, c.ownerToken);
    const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), album_id: album, 'album[title]': 'New' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('album_id');
    expect((await photoRow(id))!.album_id).toBeNull();
  });
});

describe('POST /albums/upload: photo_ids', () => {
  const bad = async (photoIds: string) => {
    const album = await makeAlbum(t.db, c.owner);
    const res = await post(t, c.ownerToken, UPLOAD, { photo_ids: photoIds, album_id: album });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'photo_ids', error_text: 'invalid_parameter' });
    return res;
  };

  it('answers 400 naming photo_ids for ids that are not numbers', async () => {
    await bad('1,two,3');
    await bad('-4');
    await bad('1.5');
  });

  it("answers 400 naming photo_ids for someone else's upload and moves none of the list", async () => {
    const mine = await uploadPending(t, c.ownerToken);
    const theirs = await uploadPending(t, c.friendToken);
    const res = await bad(`${mine},${theirs}`);
    expect(res.body.data.message).toContain(String(theirs));
    expect((await photoRow(mine))!.album_id).toBeNull();
    expect((await photoRow(theirs))!.album_id).toBeNull();
  });

  it('answers 400 naming photo_ids for a photo already in an album, and for an id that matches no photo', async () => {
    const placed = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    await bad(String(placed));
    await bad('99999999');
  });

  it('answers 400 naming photo_ids for a list that names an upload twice, and moves none of the list', async () => {
    const ids = [await uploadPending(t, c.ownerToken), await uploadPending(t, c.ownerToken)];
    const res = await bad(`${ids[0]},${ids[1]},${ids[0]}`);
    expect(res.body.data.message).toContain(String(ids[0]));
    for (const id of ids) expect((await photoRow(id))!.album_id).toBeNull();
  });

  it('an upload goes into one album only: sending it again answers 400', async () => {
    const id = await uploadPending(t, c.ownerToken);
    expect((await post(t, c.ownerToken, UPLOAD, { photo_ids: String(id), 'album[title]': 'First' })).status).toBe(200);
    await bad(String(id));
  });

  it('answers 403 to a client-credentials token', async () => {
    expect((await post(t, c.clientToken, UPLOAD, { 'album[title]': 'x' })).status).toBe(403);
  });
});
