import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { createMember, privacyCast } from '../../helpers.ts';
import { del, get, insertPlaylist, picture, post } from '../fixtures.ts';
import { insertConvertedSong } from './music-fixtures.ts';

// Playlists (the origin's music module, scope music): lists, one's own, a playlist with its songs
// in order, create, edit, delete, the order of songs, privacy, and the social layer.

const t = setupApi();
const MUSIC = '/api/v1/music';

type Entry = { id: number; title: string };
const ids = (res: { body: { data: Entry[] } }) => res.body.data.map((p) => p.id);

describe('POST /music, GET /music/{id}', () => {
  it('creates a playlist with its picture and songs, and answers the origin fields with songs in order', async () => {
    const owner = await createMember(t.db, 'Mia Music');
    const a = await insertConvertedSong(t.db, owner.id, null, { title: 'Alpha', duration: 61, play_count: 3 });
    const b = await insertConvertedSong(t.db, owner.id, null, { title: 'Beta', duration: 5, play_count: 4 });
    const made = await post(
      t,
      owner.token,
      MUSIC,
      { title: '  Road trip ', description: 'Songs for the car', song_ids: `${b},${a}` },
      { art: { filename: 'cover.png', content: await picture('png', 300, 200), type: 'image/png' } },
    );
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    expect(made.body.data).toEqual({ id });

    const detail = await get(t, owner.token, `${MUSIC}/${id}`);
    expect(Object.keys(detail.body.data).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'owner',
        'date',
        'creation_date',
        'can_edit',
        'can_delete',
        'total_like',
        'total_comment',
        'total_view',
        'thumb',
        'songs',
        'play_count',
        'total_song',
      ].sort(),
    );
    expect(detail.body.data).toMatchObject({
      id,
      title: 'Road trip',
      description: 'Songs for the car',
      owner: { id: owner.id, title: 'Mia Music' },
      can_edit: true,
      can_delete: true,
      total_like: 0,
      total_comment: 0,
      total_view: 0,
      play_count: 7,
      total_song: 2,
    });
    expect(detail.body.data.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(detail.body.data.thumb).toMatch(/\/files\/img\/[0-9a-f]+\/240\.png$/);
    const src = (s: number) => `${t.config.publicUrl}/api/v1/music/songs/${s}/file`;
    expect(detail.body.data.songs).toEqual([
      expect.objectContaining({ id: b, title: 'Beta', duration: 5, play_count: 4, src: src(b), song_url: src(b), playlist_id: id }),
      expect.objectContaining({ id: a, title: 'Alpha', duration: 61, play_count: 3, src: src(a), owner: detail.body.data.owner }),
    ]);

    const ext = await get(t, owner.token, `${MUSIC}/${id}`, {
      fields: 'img,img_width,img_height,allow_search,auth_view,auth_comment,can_like',
    });
    expect(ext.body.data).toMatchObject({
      img_width: 300,
      img_height: 200,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      can_like: true,
    });
    expect(ext.body.data.img).toMatch(/\/1024\.png$/);
  });

  it('refuses a missing title, songs that are not yours, and an unknown field; counts views of others only', async () => {
    const owner = await createMember(t.db);
    const other = await createMember(t.db);
    expect((await post(t, owner.token, MUSIC, { description: 'x' })).body.data.error_params[0]).toMatchObject({
      name: 'title',
      error_text: 'missing_parameter',
    });
    const theirs = await insertConvertedSong(t.db, other.id, null);
    expect((await post(t, owner.token, MUSIC, { title: 'T', song_ids: String(theirs) })).body.data.error_params[0].name).toBe('song_ids');
    expect((await post(t, owner.token, MUSIC, { title: 'T', song_ids: '1,1' })).body.data.error_params[0].name).toBe('song_ids');
    const id = (await post(t, owner.token, MUSIC, { title: 'Views' })).body.data.id as number;
    expect((await get(t, owner.token, `${MUSIC}/${id}`, { fields: 'nope' })).body.data.error_params[0].name).toBe('fields');
    await get(t, owner.token, `${MUSIC}/${id}`);
    await get(t, other.token, `${MUSIC}/${id}`);
    const seen = await get(t, other.token, `${MUSIC}/${id}`, { fields: 'total_view,can_edit,can_delete,auth_view' });
    expect(seen.body.data).toEqual({ total_view: 2, can_edit: false, can_delete: false });
    expect((await get(t, owner.token, `${MUSIC}/999999`)).status).toBe(404);
  });
});

describe('GET /music, GET /music/my', () => {
  let cast: Awaited<ReturnType<typeof privacyCast>>;
  let open: number, friends: number, hidden: number, unlisted: number, popular: number;
  beforeAll(async () => {
    cast = await privacyCast(t.db);
    open = await insertPlaylist(t.db, cast.owner, { title: 'Jazz evening', created_at: 1_800_000_001 });
    friends = await insertPlaylist(t.db, cast.owner, { title: 'Jazz for friends', auth_view: 'owner_member', created_at: 1_800_000_002 });
    hidden = await insertPlaylist(t.db, cast.owner, { title: 'Jazz alone', auth_view: 'owner', created_at: 1_800_000_003 });
    unlisted = await insertPlaylist(t.db, cast.owner, { title: 'Jazz unlisted', allow_search: 0, created_at: 1_800_000_004 });
    popular = await insertPlaylist(t.db, cast.owner, { title: 'Rock', description: 'Loud jazz-free', created_at: 1_800_000_000 });
    await insertConvertedSong(t.db, cast.owner, popular, { play_count: 50 });
    await insertConvertedSong(t.db, cast.owner, open, { play_count: 5 });
  });

  it("lists what each reader may see, newest first, one member's with user_id", async () => {
    const q = { user_id: cast.owner, fields: 'id,title' };
    expect(ids(await get(t, cast.ownerToken, MUSIC, q))).toEqual([unlisted, hidden, friends, open, popular]);
    expect(ids(await get(t, cast.friendToken, MUSIC, q))).toEqual([friends, open, popular]);
    expect(ids(await get(t, cast.strangerToken, MUSIC, q))).toEqual([open, popular]);
    expect(ids(await get(t, cast.clientToken, MUSIC, q))).toEqual([open, popular]);
    expect((await get(t, cast.strangerToken, `${MUSIC}/${friends}`)).status).toBe(404);
    expect((await get(t, cast.friendToken, `${MUSIC}/${hidden}`)).status).toBe(404);
    expect((await get(t, cast.strangerToken, `${MUSIC}/${unlisted}`)).status).toBe(200);
    expect((await get(t, cast.ownerToken, MUSIC, { user_id: 999_999 })).status).toBe(404);
  });

  it('filters by keywords, sorts by plays, pages', async () => {
    const base = { user_id: cast.owner, fields: 'id' };
    expect(ids(await get(t, cast.friendToken, MUSIC, { ...base, keywords: 'jazz' }))).toEqual([friends, open, popular]);
    expect(ids(await get(t, cast.friendToken, MUSIC, { ...base, keywords: 'EVENING' }))).toEqual([open]);
    expect(ids(await get(t, cast.friendToken, MUSIC, { ...base, sort: 'popular' }))).toEqual([popular, open, friends]);
    expect(ids(await get(t, cast.friendToken, MUSIC, { ...base, limit: 2, page: 2 }))).toEqual([popular]);
    expect((await get(t, cast.friendToken, MUSIC, { sort: 'best' })).status).toBe(400);
  });

  it("GET /music/my lists the reader's own playlists, whatever their privacy, with keywords and sort as named", async () => {
    expect(ids(await get(t, cast.ownerToken, `${MUSIC}/my`, { fields: 'id' }))).toEqual([unlisted, hidden, friends, open, popular]);
    expect(ids(await get(t, cast.ownerToken, `${MUSIC}/my`, { keywords: 'rock', fields: 'id' }))).toEqual([popular]);
    expect(ids(await get(t, cast.ownerToken, `${MUSIC}/my`, { sort: 'popular', limit: 1 }))).toEqual([popular]);
    expect(await get(t, cast.friendToken, `${MUSIC}/my`)).toMatchObject({ status: 200, body: { data: [] } });
    expect((await get(t, cast.clientToken, `${MUSIC}/my`)).status).toBe(403);
  });

  it('view_options and comment_options answer the privacy choices', async () => {
    const views = await get(t, cast.ownerToken, `${MUSIC}/view_options`);
    expect(views.body.data.map((o: { id: string }) => o.id)).toEqual(['everyone', 'registered', 'owner_member', 'owner']);
    expect((await get(t, cast.ownerToken, `${MUSIC}/comment_options`)).body.data).toEqual(views.body.data);
  });
});

describe('POST /music/{id}, DELETE /music/{id}, POST /music/{id}/order', () => {
  it('edits what is sent, adds song_ids at the end, replaces the picture; only the owner', async () => {
    const cast = await privacyCast(t.db);
    const first = await insertConvertedSong(t.db, cast.owner, null, { title: 'One' });
    const id = (
      await post(
        t,
        cast.ownerToken,
        MUSIC,
        { title: 'Old', song_ids: String(first) },
        {
          art: { filename: 'a.png', content: await picture('png'), type: 'image/png' },
        },
      )
    ).body.data.id as number;
    const oldThumb = (await get(t, cast.ownerToken, `${MUSIC}/${id}`, { fields: 'thumb' })).body.data.thumb as string;
    const second = await insertConvertedSong(t.db, cast.owner, null, { title: 'Two' });
    const edit = await post(
      t,
      cast.ownerToken,
      `${MUSIC}/${id}`,
      { title: 'New', search: 0, auth_comment: 'owner_member', song_ids: String(second) },
      {
        art: { filename: 'b.jpg', content: await picture('jpeg'), type: 'image/jpeg' },
      },
    );
    expect(edit.body).toEqual({ success: true });
    const after = await get(t, cast.ownerToken, `${MUSIC}/${id}`, { fields: 'title,description,allow_search,auth_comment,thumb,songs' });
    expect(after.body.data).toMatchObject({ title: 'New', description: '', allow_search: 0, auth_comment: 'owner_member' });
    expect(after.body.data.songs.map((s: Entry) => s.title)).toEqual(['One', 'Two']);
    expect(after.body.data.thumb).toMatch(/\/240\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: new URL(oldThumb).pathname })).statusCode).toBe(404);
    expect((await post(t, cast.friendToken, `${MUSIC}/${id}`, { title: 'Hijack' })).status).toBe(403);
    expect((await post(t, cast.ownerToken, `${MUSIC}/${id}`, { title: '   ' })).status).toBe(400);
  });

  it('puts the songs in a new order, refusing lists that miss, repeat or stray', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertPlaylist(t.db, cast.owner, { auth_view: 'owner_member' });
    const [a, b, c] = [
      await insertConvertedSong(t.db, cast.owner, id, { title: 'A', position: 0 }),
      await insertConvertedSong(t.db, cast.owner, id, { title: 'B', position: 1 }),
      await insertConvertedSong(t.db, cast.owner, id, { title: 'C', position: 2, status: 'to_be_processed' }),
    ];
    const order = (token: string, songIds: string) => post(t, token, `${MUSIC}/${id}/order`, { song_ids: songIds });
    const titles = async (token: string) =>
      (await get(t, token, `${MUSIC}/${id}`, { fields: 'songs' })).body.data.songs.map((s: Entry) => s.title);
    expect(await titles(cast.ownerToken)).toEqual(['A', 'B', 'C']);
    // A song still converting is its owner's alone.
    expect(await titles(cast.friendToken)).toEqual(['A', 'B']);
    expect((await order(cast.ownerToken, `${c},${a},${b}`)).body.data.message).toMatch(/order/);
    expect(await titles(cast.ownerToken)).toEqual(['C', 'A', 'B']);
    expect(await titles(cast.friendToken)).toEqual(['A', 'B']);
    for (const bad of [`${a},${b}`, `${a},${a},${b},${c}`, `${a},${b},${c},999999`, 'x']) {
      expect((await order(cast.ownerToken, bad)).body.data.error_params[0].name, bad).toBe('song_ids');
    }
    expect((await order(cast.friendToken, `${a},${b},${c}`)).status).toBe(403);
    expect((await order(cast.strangerToken, `${a},${b},${c}`)).status).toBe(404);
    expect(await titles(cast.ownerToken)).toEqual(['C', 'A', 'B']);
  });

  it('deletes a playlist with its songs, their files, likes and comments; only the owner', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertPlaylist(t.db, cast.owner);
    const songId = await insertConvertedSong(t.db, cast.owner, id, { file_key: 'song/1/x.m4a' });
    fs.mkdirSync(path.join(t.dataDir, 'media', 'song', String(songId)), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'media', 'song', String(songId), 'x.m4a'), 'x');
    await post(t, cast.friendToken, '/api/v1/core/likes', { item_type: 'music_playlist', item_id: id });
    await post(t, cast.friendToken, '/api/v1/core/comments', { item_type: 'music_playlist', item_id: id, body: 'Nice' });
    expect((await del(t, cast.friendToken, `${MUSIC}/${id}`)).status).toBe(403);
    expect((await del(t, cast.ownerToken, `${MUSIC}/${id}`)).body.data.message).toMatch(/deleted/);
    expect((await get(t, cast.ownerToken, `${MUSIC}/${id}`)).status).toBe(404);
    expect((await get(t, cast.ownerToken, `${MUSIC}/songs/${songId}`)).status).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'song', String(songId)))).toBe(false);
    const left = await t.db
      .selectFrom('likes')
      .select('user_id')
      .where('target_type', '=', 'music_playlist')
      .where('target_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('likes and comments on a playlist (the core endpoints, item_type music_playlist)', () => {
  it('follow its auth_view and auth_comment, and show in its social fields', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertPlaylist(t.db, cast.owner, { auth_view: 'owner_member', auth_comment: 'owner' });
    expect((await post(t, cast.friendToken, '/api/v1/core/likes', { item_type: 'music_playlist', item_id: id })).status).toBe(200);
    expect((await post(t, cast.strangerToken, '/api/v1/core/likes', { item_type: 'music_playlist', item_id: id })).status).toBe(404);
    const comment = (token: string) => post(t, token, '/api/v1/core/comments', { item_type: 'music_playlist', item_id: id, body: 'Hi' });
    expect((await comment(cast.friendToken)).status).toBe(403);
    expect((await comment(cast.ownerToken)).status).toBe(200);
    const detail = await get(t, cast.friendToken, `${MUSIC}/${id}`, { fields: 'total_like,total_comment,is_liked,can_comment' });
    expect(detail.body.data).toEqual({ total_like: 1, total_comment: 1, is_liked: true, can_comment: false });
    const notes = await get(t, cast.ownerToken, '/api/v1/activities/notifications');
    expect(notes.body.data[0]).toMatchObject({ type: 'like', item: { type: 'music_playlist', id } });
  });
});
