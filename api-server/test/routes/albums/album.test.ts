import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { filesDir } from '../../../src/storage/images.ts';
import { tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, post, insertTag } from '../fixtures.ts';
import { ALBUMS, DETAIL_KEYS, albumRow, cast, categoryIds, keyOf, makeAlbum, makePhoto, uploadPending } from './album-fixtures.ts';

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  c = await cast(t, ['albums', 'basic']);
});

const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;

describe('GET /albums/{id}', () => {
  let album: number, photos: number[];
  beforeAll(async () => {
    album = await makeAlbum(t.db, c.owner, { title: 'Detail', description: 'All of it' });
    photos = [];
    for (let i = 0; i < 12; i++) photos.push(await makePhoto(t.db, c.owner, album));
  });

  it('answers the Album detail with exactly the detail fields and photo stubs in album order', async () => {
    const res = await get(t, c.ownerToken, `${ALBUMS}/${album}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(DETAIL_KEYS);
    expect(res.body.data).toMatchObject({
      id: album,
      type: 'album',
      title: 'Detail',
      description: 'All of it',
      total_photo: 12,
      owner: { id: c.owner, type: 'user' },
    });
    expect(res.body.data.photos).toHaveLength(10);
    expect(res.body.data.photos[0]).toEqual({
      id: photos[0],
      type: 'album_photo',
      thumb: expect.stringMatching(/\/files\/img\/[0-9a-f]+\/240\.jpg$/),
    });
    expect(res.body.data.photos.map((p: { id: number }) => p.id)).toEqual(photos.slice(0, 10));
  });

  it('photo_limit and photo_page page through the photos; photo_limit is clamped to 1–50', async () => {
    const page = async (q: Record<string, number>) =>
      (await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'photos', ...q })).body.data.photos.map((p: { id: number }) => p.id);
    expect(await page({ photo_limit: 5, photo_page: 2 })).toEqual(photos.slice(5, 10));
    expect(await page({ photo_limit: 5, photo_page: 3 })).toEqual(photos.slice(10));
    expect(await page({ photo_limit: 5, photo_page: 4 })).toEqual([]);
    expect(await page({ photo_limit: 0 })).toEqual(photos.slice(0, 1));
    expect(await page({ photo_limit: 1000 })).toEqual(photos);
    const big = await makeAlbum(t.db, c.owner);
    await t.db
      .insertInto('photos')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          owner_id: c.owner,
          album_id: big,
          title: `p${i}`,
          description: '',
          image_key: `${String(i).padStart(32, '0')}.jpg`,
          width: 10,
          height: 10,
          created_at: now(),
          updated_at: now(),
        })),
      )
      .execute();
    expect((await get(t, c.ownerToken, `${ALBUMS}/${big}`, { photo_limit: 1000 })).body.data.photos).toHaveLength(50);
  });

  it('fields and photo_fields select what is returned', async () => {
    const res = await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'id,can_edit,photos', photo_fields: 'id', photo_limit: 2 });
    expect(res.body.data).toEqual({ id: album, can_edit: true, photos: [{ id: photos[0] }, { id: photos[1] }] });
    const noPhotos = await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'title' });
    expect(noPhotos.body.data).toEqual({ title: 'Detail' });
  });

  it('gives a photo stub its title and description when photo_fields names them (extension)', async () => {
    const res = await get(t, c.friendToken, `${ALBUMS}/${album}`, {
      fields: 'photos',
      photo_fields: 'id,title,description',
      photo_limit: 1,
    });
    expect(res.body.data.photos).toEqual([{ id: photos[0], title: 'A photo', description: 'caption' }]);
    // Not named, not given: the spec's stub stays as it was.
    const plain = await get(t, c.friendToken, `${ALBUMS}/${album}`, { fields: 'photos', photo_limit: 1 });
    expect(Object.keys(plain.body.data.photos[0]).sort()).toEqual(['id', 'thumb', 'type']);
  });

  it('answers 400 naming fields or photo_fields for an unknown name', async () => {
    const a = await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'id,secret' });
    expect(a.status).toBe(400);
    expect(a.body.data.error_params[0].name).toBe('fields');
    const b = await get(t, c.ownerToken, `${ALBUMS}/${album}`, { photo_fields: 'id,img' });
    expect(b.status).toBe(400);
    expect(b.body.data.error_params[0].name).toBe('photo_fields');
  });

  it('an empty album has thumb "" and no photos', async () => {
    const empty = await makeAlbum(t.db, c.owner);
    expect((await get(t, c.strangerToken, `${ALBUMS}/${empty}`)).body.data).toMatchObject({ thumb: '', total_photo: 0, photos: [] });
  });

  it('counts a view when someone other than the owner reads it, not when the owner does', async () => {
    const before = (await albumRow(t.db, album))!.view_count;
    await get(t, c.ownerToken, `${ALBUMS}/${album}`);
    expect((await albumRow(t.db, album))!.view_count).toBe(before);
    await get(t, c.friendToken, `${ALBUMS}/${album}`);
    await get(t, c.clientToken, `${ALBUMS}/${album}`);
    expect((await albumRow(t.db, album))!.view_count).toBe(before + 2);
  });

  it('answers 404 for an album that does not exist and 400 for an id that is not a number', async () => {
    expect((await get(t, c.ownerToken, `${ALBUMS}/99999999`)).status).toBe(404);
    expect((await get(t, c.ownerToken, `${ALBUMS}/abc`)).status).toBe(400);
  });
});

describe('GET /albums/{id}: permission flags', () => {
  const flags = async (token: string, id: number) => {
    const res = await get(t, token, `${ALBUMS}/${id}`, { fields: 'can_upload,can_editphotos,can_edit,can_delete' });
    return res.body.data;
  };

  it('the owner of a normal album may upload, manage photos, edit and delete', async () => {
    const album = await makeAlbum(t.db, c.owner);
    expect(await flags(c.ownerToken, album)).toEqual({ can_upload: true, can_editphotos: true, can_edit: true, can_delete: true });
  });

  it('on a special album the owner may only manage the photos: no upload, no edit, no delete', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    expect(await flags(c.ownerToken, wall)).toEqual({ can_upload: false, can_editphotos: true, can_edit: false, can_delete: false });
  });

  it('a friend, a stranger and a client-credentials token may do none of it', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const none = { can_upload: false, can_editphotos: false, can_edit: false, can_delete: false };
    expect(await flags(c.friendToken, album)).toEqual(none);
    expect(await flags(c.strangerToken, album)).toEqual(none);
    expect(await flags(c.clientToken, album)).toEqual(none);
  });
});

describe('GET /albums/{id}: privacy', () => {
  it.each([
    ['everyone', [200, 200, 200, 200]],
    ['registered', [200, 200, 200, 404]],
    ['owner_member', [200, 200, 404, 404]],
    ['owner', [200, 404, 404, 404]],
  ] as const)('auth_view=%s answers owner, friend, stranger, client-credentials with %j', async (view, expected) => {
    const album = await makeAlbum(t.db, c.owner, { auth_view: view });
    const got = [];
    for (const token of [c.ownerToken, c.friendToken, c.strangerToken, c.clientToken])
      got.push((await get(t, token, `${ALBUMS}/${album}`)).status);
    expect(got).toEqual(expected);
  });

  it('answers 403 insufficient_scope without the albums scope, 401 without a token', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const res = await get(t, await tokenFor(t.db, c.owner, ['basic']), `${ALBUMS}/${album}`);
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    expect((await get(t, null, `${ALBUMS}/${album}`)).status).toBe(401);
  });

  it('allow_search=0 does not hide the album from a direct link', async () => {
    const album = await makeAlbum(t.db, c.owner, { allow_search: 0 });
    expect((await get(t, c.strangerToken, `${ALBUMS}/${album}`)).status).toBe(200);
  });
});

describe('POST /albums/{id}', () => {
  it('changes every setting sent and answers only success', async () => {
    const album = await makeAlbum(t.db, c.owner, { title: 'Before' });
    const cats = await categoryIds(t.db, 'album');
    const res = await post(t, c.ownerToken, `${ALBUMS}/${album}`, {
      title: '  After  ',
      category_id: cats.get('Food')!,
      description: 'New words',
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      auth_tag: 'everyone',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await albumRow(t.db, album)).toMatchObject({
      title: 'After',
      category_id: cats.get('Food'),
      description: 'New words',
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      auth_tag: 'everyone',
    });
  });

  it('requires nothing: an empty form changes nothing; one field changes that field only', async () => {
    const album = await makeAlbum(t.db, c.owner, { title: 'Keep', description: 'Keep too' });
    const before = await albumRow(t.db, album);
    expect((await post(t, c.ownerToken, `${ALBUMS}/${album}`, {})).body).toEqual({ success: true });
    expect(await albumRow(t.db, album)).toEqual(before);
    await post(t, c.ownerToken, `${ALBUMS}/${album}`, { description: 'Changed' });
    expect(await albumRow(t.db, album)).toMatchObject({ title: 'Keep', description: 'Changed' });
  });

  it('category_id=0 takes the album out of its category', async () => {
    const cats = await categoryIds(t.db, 'album');
    const album = await makeAlbum(t.db, c.owner, { category_id: cats.get('Art')! });
    await post(t, c.ownerToken, `${ALBUMS}/${album}`, { category_id: 0 });
    expect((await albumRow(t.db, album))!.category_id).toBeNull();
  });

  it('answers 400 naming the parameter for a bad category, an empty or overlong title, a bad privacy or allow_search, and changes nothing', async () => {
    const album = await makeAlbum(t.db, c.owner, { title: 'Stable' });
    const before = await albumRow(t.db, album);
    const blogCategory = [...(await categoryIds(t.db, 'blog')).values()][0];
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ category_id: 99999 }, 'category_id'],
      ...(blogCategory ? [[{ category_id: blogCategory }, 'category_id'] as [Record<string, number>, string]] : []),
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ auth_view: 'friends' }, 'auth_view'],
      [{ auth_comment: 'nobody' }, 'auth_comment'],
      [{ auth_tag: 'all' }, 'auth_tag'],
      [{ allow_search: 2 }, 'allow_search'],
    ];
    for (const [form, name] of cases) {
      const res = await post(t, c.ownerToken, `${ALBUMS}/${album}`, form);
      expect(res.status, name).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name, error_text: 'invalid_parameter' });
    }
    expect(await albumRow(t.db, album)).toEqual(before);
  });

  it('answers 403 to someone other than the owner (can_edit false) and changes nothing', async () => {
    const album = await makeAlbum(t.db, c.owner, { title: 'Mine' });
    const res = await post(t, c.friendToken, `${ALBUMS}/${album}`, { title: 'Yours' });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('forbidden');
    expect((await albumRow(t.db, album))!.title).toBe('Mine');
  });

  it('answers 403 for a special album: it cannot be renamed', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    expect((await post(t, c.ownerToken, `${ALBUMS}/${wall}`, { title: 'Renamed' })).status).toBe(403);
    expect((await albumRow(t.db, wall))!.title).toBe('Wall Photos');
  });

  it('answers 404 for an album the caller may not see, 403 to a client-credentials token', async () => {
    const secret = await makeAlbum(t.db, c.owner, { auth_view: 'owner' });
    expect((await post(t, c.strangerToken, `${ALBUMS}/${secret}`, { title: 'x' })).status).toBe(404);
    const open = await makeAlbum(t.db, c.owner);
    expect((await post(t, c.clientToken, `${ALBUMS}/${open}`, { title: 'x' })).status).toBe(403);
  });
});

describe('DELETE /albums/{id}', () => {
  it('deletes the album, its photos and their files, and everything left on them; answers a message', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const photoIds = [await uploadPending(t, c.ownerToken), await uploadPending(t, c.ownerToken)];
    expect((await post(t, c.ownerToken, `${ALBUMS}/upload`, { photo_ids: photoIds.join(','), album_id: album })).status).toBe(200);
    const keys = await Promise.all(photoIds.map((id) => keyOf(t.db, id)));
    const at = now();
    await t.db
      .insertInto('likes')
      .values([
        { target_type: 'album', target_id: album, user_id: c.friend, created_at: at },
        { target_type: 'photo', target_id: photoIds[0]!, user_id: c.friend, created_at: at },
      ])
      .execute();
    await t.db
      .insertInto('comments')
      .values([
        { item_type: 'album', item_id: album, owner_id: c.friend, body: 'nice', created_at: at },
        { item_type: 'photo', item_id: photoIds[1]!, owner_id: c.friend, body: 'nice', created_at: at },
      ])
      .execute();
    await insertTag(t.db, photoIds[0]!, c.owner, { userId: c.friend }, at);
    const posted = await insertActivity(t.db, { owner: c.owner, content: '', attachment_type: 'photo', attachment_id: photoIds[0]! });
    const shared = await insertActivity(t.db, {
      owner: c.friend,
      content: 'look',
      attachment_type: 'album',
      attachment_id: album,
      is_share: 1,
    });

    const res = await del(t, c.ownerToken, `${ALBUMS}/${album}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await albumRow(t.db, album)).toBeUndefined();
    expect(await count(t.db.selectFrom('photos').select('id').where('id', 'in', photoIds))).toBe(0);
    for (const key of keys) expect(fs.existsSync(path.join(filesDir(t.dataDir), 'img', key.split('.')[0]!))).toBe(false);
    expect(
      await count(
        t.db
          .selectFrom('likes')
          .select('id')
          .where('target_type', 'in', ['album', 'photo'])
          .where('target_id', 'in', [album, ...photoIds]),
      ),
    ).toBe(0);
    expect(
      await count(
        t.db
          .selectFrom('comments')
          .select('id')
          .where('item_type', 'in', ['album', 'photo'])
          .where('item_id', 'in', [album, ...photoIds]),
      ),
    ).toBe(0);
    expect(await count(t.db.selectFrom('item_tag_areas').select('id').where('subject_id', 'in', photoIds))).toBe(0);
    // A post that was only the photo goes; a share with words of its own stays, without the album.
    expect(await count(t.db.selectFrom('activities').select('id').where('id', '=', posted))).toBe(0);
    expect(
      await t.db.selectFrom('activities').select(['attachment_type', 'attachment_id']).where('id', '=', shared).executeTakeFirst(),
    ).toEqual({ attachment_type: null, attachment_id: null });
    expect((await get(t, c.ownerToken, `${ALBUMS}/${album}`)).status).toBe(404);
  });

  it('deleting twice answers 404 the second time', async () => {
    const album = await makeAlbum(t.db, c.owner);
    expect((await del(t, c.ownerToken, `${ALBUMS}/${album}`)).status).toBe(200);
    expect((await del(t, c.ownerToken, `${ALBUMS}/${album}`)).status).toBe(404);
  });

  it('answers 403 to someone other than the owner and keeps the album and its photos', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const photo = await makePhoto(t.db, c.owner, album);
    expect((await del(t, c.friendToken, `${ALBUMS}/${album}`)).status).toBe(403);
    expect((await del(t, c.clientToken, `${ALBUMS}/${album}`)).status).toBe(403);
    expect(await albumRow(t.db, album)).toBeDefined();
    expect(await count(t.db.selectFrom('photos').select('id').where('id', '=', photo))).toBe(1);
  });

  it('answers 403 for a special album (can_delete false) and keeps it', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    expect((await del(t, c.ownerToken, `${ALBUMS}/${wall}`)).status).toBe(403);
    expect(await albumRow(t.db, wall)).toBeDefined();
  });

  it('answers 404 for an album the caller may not see', async () => {
    const secret = await makeAlbum(t.db, c.owner, { auth_view: 'owner' });
    expect((await del(t, c.friendToken, `${ALBUMS}/${secret}`)).status).toBe(404);
    expect(await albumRow(t.db, secret)).toBeDefined();
  });
});

describe('POST /albums/{id}/cover', () => {
  it('makes a photo of the album its cover (the list thumb) and answers only success', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const first = await makePhoto(t.db, c.owner, album);
    await makePhoto(t.db, c.owner, album);
    const res = await post(t, c.ownerToken, `${ALBUMS}/${album}/cover`, { photo_id: first });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await albumRow(t.db, album))!.cover_photo_id).toBe(first);
    const thumb = (await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'thumb' })).body.data.thumb;
    expect(thumb).toContain((await keyOf(t.db, first)).split('.')[0]);
  });

  it('answers 400 missing_parameter without photo_id, 400 naming photo_id for a photo of another album', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const other = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    const none = await post(t, c.ownerToken, `${ALBUMS}/${album}/cover`, {});
    expect(none.status).toBe(400);
    expect(none.body.data.error_params[0]).toMatchObject({ name: 'photo_id', error_text: 'missing_parameter' });
    const wrong = await post(t, c.ownerToken, `${ALBUMS}/${album}/cover`, { photo_id: other });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.error_params[0]).toMatchObject({ name: 'photo_id', error_text: 'invalid_parameter' });
    expect((await albumRow(t.db, album))!.cover_photo_id).toBeNull();
  });

  it('the owner may set the cover of a special album (can_editphotos)', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    const photo = await makePhoto(t.db, c.owner, wall);
    expect((await post(t, c.ownerToken, `${ALBUMS}/${wall}/cover`, { photo_id: photo })).status).toBe(200);
  });

  it('answers 403 to someone other than the owner and keeps the cover', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const photo = await makePhoto(t.db, c.owner, album);
    expect((await post(t, c.friendToken, `${ALBUMS}/${album}/cover`, { photo_id: photo })).status).toBe(403);
    expect((await post(t, c.clientToken, `${ALBUMS}/${album}/cover`, { photo_id: photo })).status).toBe(403);
    expect((await albumRow(t.db, album))!.cover_photo_id).toBeNull();
  });
});
