import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { filesDir } from '../../../src/storage/images.ts';
import { tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, post, insertTag } from '../fixtures.ts';
import { ALBUMS, albumRow, cast, keyOf, makeAlbum, makePhoto, uploadPending } from './album-fixtures.ts';

const PHOTO_KEYS = [
  'album',
  'can_delete',
  'can_edit',
  'can_make_profile_photo',
  'can_report',
  'can_share',
  'can_tag',
  'date',
  'description',
  'id',
  'img',
  'next_photo',
  'photo_index',
  'previous_photo',
  'thumb',
  'title',
  'type',
];
const FLAGS = 'can_tag,can_edit,can_delete,can_share,can_report,can_make_profile_photo';

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  c = await cast(t);
});

const photoUrl = (id: number) => `${ALBUMS}/photos/${id}`;
const photoRow = (id: number) => t.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();

describe('GET /albums/photos/{id}', () => {
  let album: number, p: number[];
  beforeAll(async () => {
    album = await makeAlbum(t.db, c.owner, { title: 'Walk', description: 'In the hills' });
    p = [];
    for (let i = 0; i < 3; i++) p.push(await makePhoto(t.db, c.owner, album, { title: `Photo ${i}` }));
    await t.db.updateTable('photos').set({ updated_at: 1_700_000_000 }).where('id', '=', p[1]!).execute();
  });

  it("answers the Photo with exactly the spec's fields (a photo in the middle of its album)", async () => {
    const res = await get(t, c.strangerToken, photoUrl(p[1]!));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PHOTO_KEYS);
    const key = (await keyOf(t.db, p[1]!)).split('.')[0];
    expect(res.body.data).toMatchObject({
      id: p[1],
      type: 'album_photo',
      title: 'Photo 1',
      description: 'caption',
      date: '2023-11-14 22:13:20',
      thumb: `http://localhost:4000/files/img/${key}/240.jpg`,
      img: `http://localhost:4000/files/img/${key}/original.jpg`,
      photo_index: 1,
    });
    expect(res.body.data.album).toEqual({
      id: album,
      type: 'album',
      title: 'Walk',
      description: 'In the hills',
      total_photo: 3,
      owner: { id: c.owner, type: 'user', title: 'Olive Owner', imgs: expect.any(Object) },
    });
    expect(res.body.data.next_photo).toEqual({ id: p[2], thumb: expect.stringMatching(/\/240\.jpg$/) });
    expect(res.body.data.previous_photo).toEqual({ id: p[0], thumb: expect.stringMatching(/\/240\.jpg$/) });
  });

  it('photo_index counts from 0 in album order (oldest first); there is no previous_photo at the start and no next_photo at the end (no wrapping)', async () => {
    const first = (await get(t, c.strangerToken, photoUrl(p[0]!))).body.data;
    expect(first.photo_index).toBe(0);
    expect(first.previous_photo).toBeUndefined();
    expect(first.next_photo.id).toBe(p[1]);
    const last = (await get(t, c.strangerToken, photoUrl(p[2]!))).body.data;
    expect(last.photo_index).toBe(2);
    expect(last.next_photo).toBeUndefined();
    expect(last.previous_photo.id).toBe(p[1]);
    expect(Object.keys(last).sort()).toEqual(PHOTO_KEYS.filter((k) => k !== 'next_photo'));
  });

  it('the only photo of an album has neither next_photo nor previous_photo', async () => {
    const solo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    const data = (await get(t, c.strangerToken, photoUrl(solo))).body.data;
    expect(data.photo_index).toBe(0);
    expect(data).not.toHaveProperty('next_photo');
    expect(data).not.toHaveProperty('previous_photo');
  });

  it('fields selects the fields returned; an unknown field answers 400 naming fields', async () => {
    const res = await get(t, c.strangerToken, photoUrl(p[1]!), { fields: 'id,photo_index,next_photo' });
    expect(res.body.data).toEqual({ id: p[1], photo_index: 1, next_photo: { id: p[2], thumb: expect.any(String) } });
    const bad = await get(t, c.strangerToken, photoUrl(p[1]!), { fields: 'id,photos' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('fields');
  });

  it('the album of a message photo has no total_photo', async () => {
    const messages = await makeAlbum(t.db, c.owner, { kind: 'message', title: 'Message Photos', auth_view: 'owner', allow_search: 0 });
    const photo = await makePhoto(t.db, c.owner, messages);
    const res = await get(t, c.ownerToken, photoUrl(photo), { fields: 'album' });
    expect(Object.keys(res.body.data.album).sort()).toEqual(['description', 'id', 'owner', 'title', 'type']);
    expect((await get(t, c.friendToken, photoUrl(photo))).status).toBe(404);
  });

  it('conversation_id of a conversation the photo was not sent in changes nothing (messages: test/routes/messages/attachments.test.ts)', async () => {
    expect((await get(t, c.ownerToken, photoUrl(p[0]!), { conversation_id: 5 })).status).toBe(200);
    const messages = await makeAlbum(t.db, c.owner, { kind: 'message', title: 'Message Photos', auth_view: 'owner', allow_search: 0 });
    const photo = await makePhoto(t.db, c.owner, messages);
    expect((await get(t, c.friendToken, photoUrl(photo), { conversation_id: 5 })).status).toBe(404);
  });

  it('answers 404 for a photo that does not exist', async () => {
    expect((await get(t, c.ownerToken, photoUrl(99999999))).status).toBe(404);
  });

  it.each([
    ['everyone', [200, 200, 200, 200]],
    ['registered', [200, 200, 200, 404]],
    ['owner_member', [200, 200, 404, 404]],
    ['owner', [200, 404, 404, 404]],
  ] as const)('in an album with auth_view=%s, answers owner, friend, stranger, client-credentials with %j', async (view, expected) => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_view: view }));
    const got = [];
    for (const token of [c.ownerToken, c.friendToken, c.strangerToken, c.clientToken])
      got.push((await get(t, token, photoUrl(photo))).status);
    expect(got).toEqual(expected);
  });
});

describe('GET /albums/photos/{id}: permission flags', () => {
  const flags = async (token: string, id: number) => (await get(t, token, photoUrl(id), { fields: FLAGS })).body.data;

  it('the owner may edit, delete, share and make it their profile photo, not report it; tagging follows auth_tag', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: 'owner' }));
    expect(await flags(c.ownerToken, photo)).toEqual({
      can_tag: true,
      can_edit: true,
      can_delete: true,
      can_share: true,
      can_report: false,
      can_make_profile_photo: true,
    });
  });

  it('another reader may report and share it, not edit, delete or make it their profile photo', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: 'owner' }));
    expect(await flags(c.strangerToken, photo)).toEqual({
      can_tag: false,
      can_edit: false,
      can_delete: false,
      can_share: true,
      can_report: true,
      can_make_profile_photo: false,
    });
  });

  it("can_tag follows the album's auth_tag: owner_member lets friends tag, not strangers; everyone lets any user tag", async () => {
    const friendsTag = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: 'owner_member' }));
    expect((await flags(c.friendToken, friendsTag)).can_tag).toBe(true);
    expect((await flags(c.strangerToken, friendsTag)).can_tag).toBe(false);
    const anyoneTags = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: 'everyone' }));
    expect((await flags(c.strangerToken, anyoneTags)).can_tag).toBe(true);
  });

  it('a client-credentials token may do nothing', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: 'everyone' }));
    expect(await flags(c.clientToken, photo)).toEqual({
      can_tag: false,
      can_edit: false,
      can_delete: false,
      can_share: false,
      can_report: false,
      can_make_profile_photo: false,
    });
  });

  it('a photo of a friends-only album cannot be shared, even by its owner', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_view: 'owner_member' }));
    expect((await flags(c.ownerToken, photo)).can_share).toBe(false);
    expect((await flags(c.friendToken, photo)).can_share).toBe(false);
  });
});

describe('POST /albums/photos/{id}', () => {
  it('changes the title and description and answers a message', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    const res = await post(t, c.ownerToken, photoUrl(photo), { title: ' Sunrise ', description: 'Early' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await photoRow(photo)).toMatchObject({ title: 'Sunrise', description: 'Early' });
  });

  it('the date follows the last change', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    await t.db.updateTable('photos').set({ updated_at: 1_600_000_000 }).where('id', '=', photo).execute();
    await post(t, c.ownerToken, photoUrl(photo), { title: 'Changed' });
    const date = (await get(t, c.ownerToken, photoUrl(photo), { fields: 'date' })).body.data.date;
    expect(date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(date > '2020-09-13 12:26:40').toBe(true);
  });

  it("album_id moves the photo into another of the caller's albums, and both covers follow", async () => {
    const from = await makeAlbum(t.db, c.owner);
    const to = await makeAlbum(t.db, c.owner);
    const stays = await makePhoto(t.db, c.owner, from);
    const moves = await makePhoto(t.db, c.owner, from);
    await t.db.updateTable('albums').set({ cover_photo_id: moves }).where('id', '=', from).execute();
    const res = await post(t, c.ownerToken, photoUrl(moves), { album_id: to });
    expect(res.status).toBe(200);
    expect((await photoRow(moves))!.album_id).toBe(to);
    expect((await albumRow(t.db, from))!.cover_photo_id).toBe(stays);
    expect((await albumRow(t.db, to))!.cover_photo_id).toBe(moves);
    const detail = (await get(t, c.ownerToken, photoUrl(moves), { fields: 'album,photo_index' })).body.data;
    expect(detail).toMatchObject({ album: { id: to, total_photo: 1 }, photo_index: 0 });
  });

  it('a photo may move out of a special album into a normal one', async () => {
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    const to = await makeAlbum(t.db, c.owner);
    const photo = await makePhoto(t.db, c.owner, wall);
    expect((await post(t, c.ownerToken, photoUrl(photo), { album_id: to })).status).toBe(200);
    expect((await photoRow(photo))!.album_id).toBe(to);
  });

  it("answers 400 naming album_id for an album that is not the caller's, a special album or none at all, and moves nothing", async () => {
    const from = await makeAlbum(t.db, c.owner);
    const photo = await makePhoto(t.db, c.owner, from);
    const theirs = await makeAlbum(t.db, c.friend);
    const wall = await makeAlbum(t.db, c.owner, { kind: 'wall', title: 'Wall Photos' });
    for (const albumId of [theirs, wall, 99999999]) {
      const res = await post(t, c.ownerToken, photoUrl(photo), { album_id: albumId, title: 'not saved' });
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name: 'album_id', error_text: 'invalid_parameter' });
    }
    expect(await photoRow(photo)).toMatchObject({ album_id: from, title: 'A photo' });
  });

  it('answers 400 for an overlong title or description', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    expect((await post(t, c.ownerToken, photoUrl(photo), { title: 'x'.repeat(256) })).body.data.error_params[0].name).toBe('title');
    expect((await post(t, c.ownerToken, photoUrl(photo), { description: 'x'.repeat(5001) })).body.data.error_params[0].name).toBe(
      'description',
    );
  });

  it('answers 403 to someone other than the owner (can_edit false) and changes nothing', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    expect((await post(t, c.friendToken, photoUrl(photo), { title: 'Mine now' })).status).toBe(403);
    expect((await post(t, c.clientToken, photoUrl(photo), { title: 'Mine now' })).status).toBe(403);
    expect((await photoRow(photo))!.title).toBe('A photo');
  });

  it('answers 404 for a photo the caller may not see', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_view: 'owner' }));
    expect((await post(t, c.friendToken, photoUrl(photo), { title: 'x' })).status).toBe(404);
  });
});

describe('DELETE /albums/photos/{id}', () => {
  it('deletes the photo, its file and what was left on it, and answers only success', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const photo = await uploadPending(t, c.ownerToken);
    await post(t, c.ownerToken, `${ALBUMS}/upload`, { photo_ids: String(photo), album_id: album });
    const key = await keyOf(t.db, photo);
    const at = now();
    await t.db.insertInto('likes').values({ target_type: 'photo', target_id: photo, user_id: c.friend, created_at: at }).execute();
    await t.db
      .insertInto('comments')
      .values({ item_type: 'photo', item_id: photo, owner_id: c.friend, body: 'wow', created_at: at })
      .execute();
    await insertTag(t.db, photo, c.owner, { label: 'me' }, at);
    const posted = await insertActivity(t.db, { owner: c.owner, content: '', attachment_type: 'photo', attachment_id: photo });

    const res = await del(t, c.ownerToken, photoUrl(photo));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await photoRow(photo)).toBeUndefined();
    expect(fs.existsSync(path.join(filesDir(t.dataDir), 'img', key.split('.')[0]!))).toBe(false);
    expect(await t.db.selectFrom('likes').select('id').where('target_type', '=', 'photo').where('target_id', '=', photo).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('comments').select('id').where('item_type', '=', 'photo').where('item_id', '=', photo).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('item_tag_areas').select('id').where('subject_id', '=', photo).execute()).toEqual([]);
    expect(await t.db.selectFrom('activities').select('id').where('id', '=', posted).execute()).toEqual([]);
    expect((await get(t, c.ownerToken, photoUrl(photo))).status).toBe(404);
    expect((await del(t, c.ownerToken, photoUrl(photo))).status).toBe(404);
  });

  it('the album gets a new cover when its cover is deleted, and none when it is left empty', async () => {
    const album = await makeAlbum(t.db, c.owner);
    const a = await makePhoto(t.db, c.owner, album);
    const b = await makePhoto(t.db, c.owner, album);
    await t.db.updateTable('albums').set({ cover_photo_id: b }).where('id', '=', album).execute();
    await del(t, c.ownerToken, photoUrl(b));
    expect((await albumRow(t.db, album))!.cover_photo_id).toBe(a);
    await del(t, c.ownerToken, photoUrl(a));
    expect((await albumRow(t.db, album))!.cover_photo_id).toBeNull();
    expect((await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'thumb,total_photo' })).body.data).toEqual({
      thumb: '',
      total_photo: 0,
    });
  });

  it('the owner may delete an upload still waiting for an album', async () => {
    const pending = await uploadPending(t, c.ownerToken);
    expect((await del(t, c.ownerToken, photoUrl(pending))).status).toBe(200);
    expect(await photoRow(pending)).toBeUndefined();
  });

  it('answers 403 to someone other than the owner (can_delete false) and keeps the photo', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner));
    expect((await del(t, c.friendToken, photoUrl(photo))).status).toBe(403);
    expect((await del(t, c.clientToken, photoUrl(photo))).status).toBe(403);
    expect(await photoRow(photo)).toBeDefined();
  });

  it('answers 404 for a photo the caller may not see, and 403 insufficient_scope without the albums scope', async () => {
    const photo = await makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_view: 'owner_member' }));
    expect((await del(t, c.strangerToken, photoUrl(photo))).status).toBe(404);
    const res = await del(t, await tokenFor(t.db, c.owner, ['basic']), photoUrl(photo));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    expect(await photoRow(photo)).toBeDefined();
  });
});
