import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { ALBUMS, LIST_KEYS, cast, categoryIds, keyOf, makeAlbum, makePhoto } from './album-fixtures.ts';

const t = setupApi();

const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((a) => a.id);
const thumbOf = (key: string) => `http://localhost:4000/files/img/${key.split('.')[0]}/240.jpg`;

describe('GET /albums: the Album list shape', () => {
  let c: Awaited<ReturnType<typeof cast>>;
  let empty: number, full: number, covered: number, newest: number, cover: number;
  beforeAll(async () => {
    c = await cast(t);
    empty = await makeAlbum(t.db, c.owner, { title: 'Empty', description: 'Nothing yet' });
    full = await makeAlbum(t.db, c.owner, { title: 'Full' });
    await makePhoto(t.db, c.owner, full);
    newest = await makePhoto(t.db, c.owner, full);
    covered = await makeAlbum(t.db, c.owner, { title: 'Covered' });
    cover = await makePhoto(t.db, c.owner, covered);
    await makePhoto(t.db, c.owner, covered);
    await t.db.updateTable('albums').set({ cover_photo_id: cover }).where('id', '=', covered).execute();
  });

  it('answers an array of albums with exactly the list fields', async () => {
    const res = await get(t, c.strangerToken, ALBUMS, { user_id: c.owner });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(ids(res)).toEqual([covered, full, empty]);
    for (const a of res.body.data) expect(Object.keys(a).sort()).toEqual(LIST_KEYS);
    expect(res.body.data[2]).toEqual({
      id: empty,
      type: 'album',
      thumb: '',
      title: 'Empty',
      description: 'Nothing yet',
      total_photo: 0,
      owner: {
        id: c.owner,
        type: 'user',
        title: 'Olive Owner',
        imgs: { icon: expect.any(String), normal: expect.any(String), profile: expect.any(String), original: expect.any(String) },
      },
    });
  });

  it('thumb is the cover at 240 px, or the newest photo when the album has no cover; total_photo counts photos', async () => {
    const res = await get(t, c.strangerToken, ALBUMS, { user_id: c.owner });
    const byId = new Map(res.body.data.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(full)).toMatchObject({ thumb: thumbOf(await keyOf(t.db, newest)), total_photo: 2 });
    expect(byId.get(covered)).toMatchObject({ thumb: thumbOf(await keyOf(t.db, cover)), total_photo: 2 });
  });

  it('fields selects the fields returned', async () => {
    const res = await get(t, c.strangerToken, ALBUMS, { user_id: c.owner, fields: 'id,title,total_photo' });
    expect(res.body.data[0]).toEqual({ id: covered, title: 'Covered', total_photo: 2 });
  });

  it('answers 400 naming fields for a field the list does not allow (detail-only or unknown)', async () => {
    for (const fields of ['id,can_edit', 'photos', 'nope']) {
      const res = await get(t, c.strangerToken, ALBUMS, { fields });
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name: 'fields', error_text: 'invalid_parameter' });
    }
  });
});

describe('GET /albums: filters, sort and paging', () => {
  let c: Awaited<ReturnType<typeof cast>>;
  let a1: number, a2: number, a3: number, a4: number;
  beforeAll(async () => {
    c = await cast(t);
    const cats = await categoryIds(t.db, 'album');
    a1 = await makeAlbum(t.db, c.owner, {
      title: 'Paris trip',
      description: 'Louvre and cafés',
      category_id: cats.get('Travel')!,
      view_count: 5,
    });
    a2 = await makeAlbum(t.db, c.owner, {
      title: 'Garden',
      description: 'Tomatoes from our trip to the market',
      category_id: cats.get('Nature')!,
      view_count: 9,
    });
    a3 = await makeAlbum(t.db, c.owner, { title: '100% fun_stuff', category_id: cats.get('Travel')!, view_count: 5 });
    a4 = await makeAlbum(t.db, c.owner, { title: 'Birthday', view_count: 0 });
    // a1 and a3 tie on views; a3 has more likes.
    await t.db
      .insertInto('likes')
      .values([
        { target_type: 'album', target_id: a3, user_id: c.friend, created_at: now() },
        { target_type: 'album', target_id: a3, user_id: c.stranger, created_at: now() },
        { target_type: 'album', target_id: a1, user_id: c.friend, created_at: now() },
      ])
      .execute();
  });
  const list = (q: Record<string, string | number>) => get(t, c.strangerToken, ALBUMS, { user_id: c.owner, ...q });

  it('sort=recent (the default) lists the newest album first', async () => {
    expect(ids(await list({}))).toEqual([a4, a3, a2, a1]);
    expect(ids(await list({ sort: 'recent' }))).toEqual([a4, a3, a2, a1]);
  });

  it('sort=popular lists the most viewed first, then the most liked', async () => {
    expect(ids(await list({ sort: 'popular' }))).toEqual([a2, a3, a1, a4]);
  });

  it('answers 400 naming sort for an unknown sort', async () => {
    const res = await list({ sort: 'oldest' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('sort');
  });

  it('keywords match the title or the description, case-insensitively', async () => {
    expect(ids(await list({ keywords: 'TRIP' }))).toEqual([a2, a1]);
    expect(ids(await list({ keywords: 'louvre' }))).toEqual([a1]);
    expect(ids(await list({ keywords: 'nothing like this' }))).toEqual([]);
  });

  it('keywords take % and _ literally', async () => {
    expect(ids(await list({ keywords: '100%' }))).toEqual([a3]);
    expect(ids(await list({ keywords: '100_' }))).toEqual([]);
    expect(ids(await list({ keywords: 'fun_stuff' }))).toEqual([a3]);
  });

  it('category_id keeps the albums of that category', async () => {
    const cats = await categoryIds(t.db, 'album');
    expect(ids(await list({ category_id: cats.get('Travel')! }))).toEqual([a3, a1]);
    expect(ids(await list({ category_id: cats.get('Food')! }))).toEqual([]);
  });

  it("user_id keeps one user's albums; an unknown user answers 404", async () => {
    const other = (await createUser(t.db)).id;
    const theirs = await makeAlbum(t.db, other);
    expect(ids(await get(t, c.strangerToken, ALBUMS, { user_id: other }))).toEqual([theirs]);
    expect((await get(t, c.strangerToken, ALBUMS, { user_id: 99999999 })).status).toBe(404);
  });

  it("without user_id lists everyone's albums", async () => {
    const all = ids(await get(t, c.strangerToken, ALBUMS, { limit: 50 }));
    expect(all).toEqual(expect.arrayContaining([a1, a2, a3, a4]));
  });

  it('page and limit page through the list', async () => {
    expect(ids(await list({ limit: 2 }))).toEqual([a4, a3]);
    expect(ids(await list({ limit: 2, page: 2 }))).toEqual([a2, a1]);
    expect(ids(await list({ limit: 2, page: 3 }))).toEqual([]);
  });

  it('limit is clamped to 1–50 and defaults to 10', async () => {
    const many = (await createUser(t.db)).id;
    for (let i = 0; i < 55; i++) await makeAlbum(t.db, many, { title: `Album ${i}` });
    const q = (extra: Record<string, number>) => get(t, c.strangerToken, ALBUMS, { user_id: many, ...extra });
    expect((await q({})).body.data).toHaveLength(10);
    expect((await q({ limit: 0 })).body.data).toHaveLength(1);
    expect((await q({ limit: -3 })).body.data).toHaveLength(1);
    expect((await q({ limit: 500 })).body.data).toHaveLength(50);
    expect((await q({ limit: 50, page: 2 })).body.data).toHaveLength(5);
    expect((await q({ page: 0, limit: 1 })).body.data).toEqual((await q({ page: 1, limit: 1 })).body.data);
  });
});

describe('GET /albums: privacy', () => {
  let c: Awaited<ReturnType<typeof cast>>;
  let everyone: number, registered: number, friends: number, onlyMe: number, hidden: number, wall: number, message: number;
  beforeAll(async () => {
    c = await cast(t);
    everyone = await makeAlbum(t.db, c.owner, { title: 'everyone', auth_view: 'everyone' });
    registered = await makeAlbum(t.db, c.owner, { title: 'registered', auth_view: 'registered' });
    friends = await makeAlbum(t.db, c.owner, { title: 'friends', auth_view: 'owner_member' });
    onlyMe = await makeAlbum(t.db, c.owner, { title: 'only me', auth_view: 'owner' });
    hidden = await makeAlbum(t.db, c.owner, { title: 'hidden from search', allow_search: 0 });
    wall = await makeAlbum(t.db, c.owner, { title: 'Wall Photos', kind: 'wall' });
    message = await makeAlbum(t.db, c.owner, { title: 'Message Photos', kind: 'message', auth_view: 'owner', allow_search: 0 });
  });
  const seen = async (token: string, q: Record<string, string | number> = {}) =>
    ids(await get(t, token, ALBUMS, { user_id: c.owner, limit: 50, ...q })).sort((a, b) => a - b);

  it('the owner lists all their albums, hidden and private ones too', async () => {
    expect(await seen(c.ownerToken)).toEqual([everyone, registered, friends, onlyMe, hidden, wall, message]);
  });

  it('a friend lists everyone, registered and friends-only albums and special albums, not the hidden or private ones', async () => {
    expect(await seen(c.friendToken)).toEqual([everyone, registered, friends, wall]);
  });

  it('a registered stranger lists everyone and registered albums', async () => {
    expect(await seen(c.strangerToken)).toEqual([everyone, registered, wall]);
  });

  it('a client-credentials token lists only albums for everyone', async () => {
    expect(await seen(c.clientToken)).toEqual([everyone, wall]);
  });

  it('allow_search=0 hides an album from keyword search by others, not from its owner', async () => {
    expect(await seen(c.friendToken, { keywords: 'hidden' })).toEqual([]);
    expect(await seen(c.ownerToken, { keywords: 'hidden' })).toEqual([hidden]);
  });

  it('answers 403 insufficient_scope without the albums scope, 401 without a token', async () => {
    const res = await get(t, await tokenFor(t.db, c.owner, ['basic']), ALBUMS);
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    expect((await get(t, null, ALBUMS)).status).toBe(401);
  });
});

describe('GET /albums/my', () => {
  let c: Awaited<ReturnType<typeof cast>>;
  let mine: number[], theirs: number;
  beforeAll(async () => {
    c = await cast(t);
    const cats = await categoryIds(t.db, 'album');
    mine = [
      await makeAlbum(t.db, c.owner, { title: 'Public trip', category_id: cats.get('Travel')!, view_count: 1 }),
      await makeAlbum(t.db, c.owner, { title: 'Private', auth_view: 'owner', view_count: 3 }),
      await makeAlbum(t.db, c.owner, { title: 'Hidden trip', allow_search: 0, category_id: cats.get('Travel')!, view_count: 2 }),
      await makeAlbum(t.db, c.owner, { title: 'Wall Photos', kind: 'wall' }),
      await makeAlbum(t.db, c.owner, { title: 'Message Photos', kind: 'message', auth_view: 'owner', allow_search: 0 }),
    ];
    theirs = await makeAlbum(t.db, c.friend, { title: 'Friend trip' });
  });

  it("lists the caller's own albums only, special, hidden and private ones included, newest first", async () => {
    const res = await get(t, c.ownerToken, `${ALBUMS}/my`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([...mine].reverse());
    expect(ids(res)).not.toContain(theirs);
    for (const a of res.body.data) expect(Object.keys(a).sort()).toEqual(LIST_KEYS);
  });

  it('takes keywords, category_id, sort, fields, page and limit', async () => {
    const cats = await categoryIds(t.db, 'album');
    expect(ids(await get(t, c.ownerToken, `${ALBUMS}/my`, { keywords: 'trip' }))).toEqual([mine[2], mine[0]]);
    expect(ids(await get(t, c.ownerToken, `${ALBUMS}/my`, { category_id: cats.get('Travel')! }))).toEqual([mine[2], mine[0]]);
    expect(ids(await get(t, c.ownerToken, `${ALBUMS}/my`, { sort: 'popular', limit: 3 }))).toEqual([mine[1], mine[2], mine[0]]);
    expect(ids(await get(t, c.ownerToken, `${ALBUMS}/my`, { limit: 2, page: 2 }))).toEqual([mine[2], mine[1]]);
    expect((await get(t, c.ownerToken, `${ALBUMS}/my`, { fields: 'id', limit: 1 })).body.data).toEqual([{ id: mine[4] }]);
    expect((await get(t, c.ownerToken, `${ALBUMS}/my`, { fields: 'owner,bogus' })).status).toBe(400);
  });

  it('answers 403 to a client-credentials token (it has no user)', async () => {
    expect((await get(t, c.clientToken, `${ALBUMS}/my`)).status).toBe(403);
  });
});
