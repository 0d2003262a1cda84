import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '../../../src/domain/items.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertItem, insertPhoto, post } from '../fixtures.ts';

const LIKES = '/api/v1/core/likes';

const t = setupApi();
let owner: number, friend: number, stranger: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  owner = (await createUser(t.db)).id;
  friend = (await createUser(t.db, { full_name: 'Fred Friend' })).id;
  stranger = (await createUser(t.db)).id;
  await befriend(t.db, owner, friend);
  ownerToken = await tokenFor(t.db, owner, ['basic']);
  friendToken = await tokenFor(t.db, friend, ['basic']);
  strangerToken = await tokenFor(t.db, stranger, ['basic']);
  clientToken = await tokenFor(t.db, null, ['basic']);
});

const likeCount = (type: string, id: number) =>
  t.db
    .selectFrom('likes')
    .select('user_id')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .execute()
    .then((r) => r.length);

describe.each(ITEM_TYPES)('likes on a %s', (type) => {
  let id: number;
  beforeAll(async () => {
    id = await insertItem(t.db, type, owner);
  });

  it('liking answers a message and adds the like', async () => {
    const res = await post(t, friendToken, LIKES, { item_type: type, item_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await likeCount(type, id)).toBe(1);
  });

  it('liking twice answers 400 and keeps one like', async () => {
    const res = await post(t, friendToken, LIKES, { item_type: type, item_id: id });
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('bad_request');
    expect(await likeCount(type, id)).toBe(1);
  });

  it('GET lists the likers as owner summaries', async () => {
    const res = await get(t, strangerToken, LIKES, { item_type: type, item_id: id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: friend, type: 'user', title: 'Fred Friend', imgs: expect.objectContaining({ icon: expect.any(String) }) },
    ]);
  });

  it('unliking removes the like; unliking again answers 400 and changes nothing', async () => {
    await post(t, ownerToken, LIKES, { item_type: type, item_id: id });
    expect((await del(t, friendToken, LIKES, { item_type: type, item_id: id })).status).toBe(200);
    expect(await likeCount(type, id)).toBe(1);
    const again = await del(t, friendToken, LIKES, { item_type: type, item_id: id });
    expect(again.status).toBe(400);
    expect(await likeCount(type, id)).toBe(1);
  });

  it('likes and unlikes a comment of the item', async () => {
    const c = await post(t, friendToken, '/api/v1/core/comments', { item_type: type, item_id: id, body: 'hi' });
    const cid = c.body.data.id;
    expect((await post(t, ownerToken, LIKES, { item_type: type, item_id: id, comment_id: cid })).status).toBe(200);
    expect((await post(t, ownerToken, LIKES, { item_type: type, item_id: id, comment_id: cid })).status).toBe(400);
    const list = await get(t, friendToken, '/api/v1/core/comments', { item_type: type, item_id: id });
    expect(list.body.data.find((x: { id: number }) => x.id === cid)).toMatchObject({ total_like: 1, is_liked: false });
    const mine = await get(t, ownerToken, '/api/v1/core/comments', { item_type: type, item_id: id });
    expect(mine.body.data.find((x: { id: number }) => x.id === cid)).toMatchObject({ total_like: 1, is_liked: true });
    expect(
      (await get(t, friendToken, LIKES, { item_type: type, item_id: id, comment_id: cid })).body.data.map((u: { id: number }) => u.id),
    ).toEqual([owner]);
    expect((await del(t, ownerToken, LIKES, { item_type: type, item_id: id, comment_id: cid })).status).toBe(200);
    expect(await likeCount('comment', cid)).toBe(0);
  });

  it('answers 404 for a comment that belongs to another item', async () => {
    const other = await insertItem(t.db, type, owner);
    const c = await post(t, friendToken, '/api/v1/core/comments', { item_type: type, item_id: other, body: 'elsewhere' });
    const res = await post(t, friendToken, LIKES, { item_type: type, item_id: id, comment_id: c.body.data.id });
    expect(res.status).toBe(404);
  });

  it('answers 404 to a reader who may not see the item, and likes nothing', async () => {
    const hidden = await insertItem(t.db, type, owner, { auth_view: 'owner_member' });
    expect((await post(t, strangerToken, LIKES, { item_type: type, item_id: hidden })).status).toBe(404);
    expect((await get(t, strangerToken, LIKES, { item_type: type, item_id: hidden })).status).toBe(404);
    expect(await likeCount(type, hidden)).toBe(0);
    expect((await post(t, friendToken, LIKES, { item_type: type, item_id: hidden })).status).toBe(200);
  });

  it('lets a client-credentials token read public likes but not like', async () => {
    expect((await get(t, clientToken, LIKES, { item_type: type, item_id: id })).status).toBe(200);
    const res = await post(t, clientToken, LIKES, { item_type: type, item_id: id });
    expect(res.status).toBe(403);
  });
});

describe('likes: what the items then show', () => {
  it('an activity shows total_like, is_liked, can_like and user_liked that follow the likes', async () => {
    const id = await insertActivity(t.db, { owner });
    const token = await tokenFor(t.db, friend, ['activities']);
    const view = async () =>
      (await get(t, token, `/api/v1/activities/${id}`, { fields: 'total_like,is_liked,can_like,user_liked' })).body.data;
    expect(await view()).toEqual({ total_like: 0, is_liked: false, can_like: true, user_liked: [] });
    await post(t, friendToken, LIKES, { item_type: 'activity', item_id: id });
    expect(await view()).toMatchObject({ total_like: 1, is_liked: true, user_liked: [expect.objectContaining({ id: friend })] });
    await del(t, friendToken, LIKES, { item_type: 'activity', item_id: id });
    expect(await view()).toMatchObject({ total_like: 0, is_liked: false, user_liked: [] });
  });

  it("a photo takes its album's privacy; one outside any album is its owner's alone", async () => {
    const photo = await insertPhoto(t.db, owner, await insertAlbum(t.db, owner, { auth_view: 'owner' }));
    expect((await post(t, friendToken, LIKES, { item_type: 'photo', item_id: photo })).status).toBe(404);
    const loose = await insertPhoto(t.db, owner, null);
    expect((await post(t, friendToken, LIKES, { item_type: 'photo', item_id: loose })).status).toBe(404);
    expect((await post(t, ownerToken, LIKES, { item_type: 'photo', item_id: loose })).status).toBe(200);
  });

  it("a draft blog is its owner's alone", async () => {
    const draft = await insertBlog(t.db, owner, { is_draft: 1 });
    expect((await post(t, friendToken, LIKES, { item_type: 'blog', item_id: draft })).status).toBe(404);
  });
});

describe('GET /core/likes', () => {
  it('pages likers newest first, with limit clamped', async () => {
    const id = await insertActivity(t.db, { owner });
    const likers: number[] = [];
    for (let i = 0; i < 13; i++) {
      const u = (await createUser(t.db)).id;
      likers.push(u);
      await post(t, await tokenFor(t.db, u, ['basic']), LIKES, { item_type: 'activity', item_id: id });
    }
    const ids = async (q: Record<string, number>) =>
      (await get(t, friendToken, LIKES, { item_type: 'activity', item_id: id, ...q })).body.data.map((u: { id: number }) => u.id);
    const newest = [...likers].reverse();
    expect(await ids({})).toEqual(newest.slice(0, 10));
    expect(await ids({ page: 2 })).toEqual(newest.slice(10));
    expect(await ids({ limit: 0 })).toEqual(newest.slice(0, 1));
    expect(await ids({ limit: 500 })).toEqual(newest);
  });

  it('answers 400 for an unknown item_type, naming it, and for missing parameters', async () => {
    const res = await get(t, friendToken, LIKES, { item_type: 'group', item_id: 1 });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'item_type', error_text: 'invalid_parameter' })]);
    const missing = await get(t, friendToken, LIKES);
    expect(missing.body.data.error_params.map((p: { name: string; error_text: string }) => [p.name, p.error_text]).sort()).toEqual([
      ['item_id', 'missing_parameter'],
      ['item_type', 'missing_parameter'],
    ]);
  });

  it('answers 404 for an item that does not exist', async () => {
    expect((await get(t, friendToken, LIKES, { item_type: 'event', item_id: 999999 })).status).toBe(404);
  });

  it('needs the basic scope', async () => {
    const id = await insertActivity(t.db, { owner });
    const res = await get(t, await tokenFor(t.db, friend, ['activities']), LIKES, { item_type: 'activity', item_id: id });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});
