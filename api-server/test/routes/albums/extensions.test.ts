import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../fixtures.ts';
import { ALBUMS, cast, categoryIds, DETAIL_KEYS, LIST_KEYS, makeAlbum, makePhoto } from './album-fixtures.ts';
import { setupApi } from '../../fixture.ts';

// The albums' extension fields (docs/api.md, "Extensions": Albums and photos): an album's category
// in lists and the detail, can_upload in lists, its social fields and, for its owner alone, the
// settings its edit form shows; a photo's social fields. Each only when named in `fields`: without
// it, the document's fields.

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
let travel: number;
beforeAll(async () => {
  c = await cast(t, ['albums', 'basic']);
  travel = (await categoryIds(t.db, 'album')).values().next().value!;
});

const SOCIAL = 'is_liked,can_like,total_like,user_liked,can_comment,total_comment,comments,can_share';

describe('album category', () => {
  it('is given in lists and the detail when asked for, as {id, title} or null', async () => {
    const withCategory = await makeAlbum(t.db, c.owner, { title: 'Categorised', category_id: travel });
    const without = await makeAlbum(t.db, c.owner, { title: 'Uncategorised' });
    const list = await get(t, c.friendToken, ALBUMS, { user_id: c.owner, fields: 'id,category', limit: 50 });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((a: { id: number; category: unknown }) => [a.id, a.category]));
    const title = await categoryIds(t.db, 'album');
    expect(byId.get(withCategory)).toEqual({ id: travel, title: [...title].find(([, id]) => id === travel)![0] });
    expect(byId.get(without)).toBeNull();
    const detail = await get(t, c.friendToken, `${ALBUMS}/${withCategory}`, { fields: 'id,category' });
    expect(detail.body.data).toEqual({ id: withCategory, category: { id: travel, title: expect.any(String) } });
  });

  it('is not in an answer without fields: the document’s fields alone', async () => {
    const id = await makeAlbum(t.db, c.owner, { category_id: travel });
    expect(Object.keys((await get(t, c.ownerToken, `${ALBUMS}/${id}`)).body.data).sort()).toEqual(DETAIL_KEYS);
    const list = await get(t, c.ownerToken, `${ALBUMS}/my`);
    expect(Object.keys(list.body.data[0]).sort()).toEqual([...LIST_KEYS].sort());
  });

  it('an unknown field name is still a 400 naming fields; the owner settings are not list fields', async () => {
    const id = await makeAlbum(t.db, c.owner);
    const res = await get(t, c.ownerToken, `${ALBUMS}/${id}`, { fields: 'id,colour' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('fields');
    expect((await get(t, c.ownerToken, `${ALBUMS}/my`, { fields: 'id,auth_view' })).status).toBe(400);
  });
});

describe('can_upload in album lists', () => {
  it('is given when asked for: one’s own albums but those the API fills itself; nobody else’s', async () => {
    const mine = await makeAlbum(t.db, c.owner, { title: 'Open' });
    const wall = await makeAlbum(t.db, c.owner, { title: 'Wall Photos', kind: 'wall' });
    const list = await get(t, c.ownerToken, `${ALBUMS}/my`, { fields: 'id,can_upload', limit: 50 });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((a: { id: number; can_upload: boolean }) => [a.id, a.can_upload]));
    expect(byId.get(mine)).toBe(true);
    expect(byId.get(wall)).toBe(false);
    const theirs = await get(t, c.friendToken, ALBUMS, { user_id: c.owner, fields: 'id,can_upload', limit: 50 });
    expect(theirs.body.data.find((a: { id: number }) => a.id === mine)).toEqual({ id: mine, can_upload: false });
    // Without fields: the document's list fields alone.
    expect(Object.keys((await get(t, c.ownerToken, `${ALBUMS}/my`)).body.data[0]).sort()).toEqual([...LIST_KEYS].sort());
  });
});

describe('album settings for its edit form', () => {
  it('are given to the owner and to nobody else', async () => {
    const id = await makeAlbum(t.db, c.owner, {
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      auth_tag: 'owner_member',
    });
    const fields = 'id,allow_search,auth_view,auth_comment,auth_tag';
    expect((await get(t, c.ownerToken, `${ALBUMS}/${id}`, { fields })).body.data).toEqual({
      id,
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      auth_tag: 'owner_member',
    });
    // A friend sees the album, not its settings.
    const friend = await get(t, c.friendToken, `${ALBUMS}/${id}`, { fields });
    expect(friend.status).toBe(200);
    expect(friend.body.data).toEqual({ id });
  });

  it('follow an edit', async () => {
    const id = await makeAlbum(t.db, c.owner);
    expect(
      (await post(t, c.ownerToken, `${ALBUMS}/${id}`, { auth_view: 'owner_member', allow_search: 0, category_id: travel })).status,
    ).toBe(200);
    const res = await get(t, c.ownerToken, `${ALBUMS}/${id}`, { fields: 'auth_view,allow_search,category' });
    expect(res.body.data).toEqual({ auth_view: 'owner_member', allow_search: 0, category: { id: travel, title: expect.any(String) } });
  });
});

describe('social fields', () => {
  it('on an album: exact counts past any page of /core/likes, the latest comments, what the reader may do', async () => {
    const id = await makeAlbum(t.db, c.owner, { auth_comment: 'owner_member' });
    await post(t, c.friendToken, '/api/v1/core/likes', { item_type: 'album', item_id: id });
    await post(t, c.strangerToken, '/api/v1/core/likes', { item_type: 'album', item_id: id });
    await post(t, c.friendToken, '/api/v1/core/comments', { item_type: 'album', item_id: id, body: 'Lovely trip' });
    const asFriend = (await get(t, c.friendToken, `${ALBUMS}/${id}`, { fields: SOCIAL })).body.data;
    expect(asFriend).toMatchObject({ is_liked: true, can_like: true, total_like: 2, can_comment: true, total_comment: 1, can_share: true });
    expect(asFriend.comments.map((x: { body?: string; text?: string }) => x.body ?? x.text)).toEqual(['Lovely trip']);
    expect(asFriend.user_liked.map((u: { id: number }) => u.id).sort()).toEqual([c.friend, c.stranger].sort());
    // A stranger may see and like it, not comment (friends only: owner_member).
    const asStranger = (await get(t, c.strangerToken, `${ALBUMS}/${id}`, { fields: 'is_liked,can_comment' })).body.data;
    expect(asStranger).toEqual({ is_liked: true, can_comment: false });
  });

  it('on a photo, with its own can_share (its album’s privacy)', async () => {
    const album = await makeAlbum(t.db, c.owner, { auth_view: 'owner_member' });
    const photo = await makePhoto(t.db, c.owner, album);
    await post(t, c.friendToken, '/api/v1/core/likes', { item_type: 'photo', item_id: photo });
    const res = await get(t, c.friendToken, `${ALBUMS}/photos/${photo}`, { fields: `id,${SOCIAL}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: photo, is_liked: true, total_like: 1, total_comment: 0, comments: [], can_share: false });
    // Without fields: the document's Photo, no social fields.
    const plain = (await get(t, c.friendToken, `${ALBUMS}/photos/${photo}`)).body.data;
    expect(plain).not.toHaveProperty('total_like');
    expect(plain).not.toHaveProperty('comments');
  });
});
