import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertItem, insertPhoto, post } from '../fixtures.ts';

const SHARE = '/api/v1/activities/share';
const UPDATES = '/api/v1/activities/updates';

const t = setupApi();
let owner: number, friend: number, stranger: number;
let friendToken: string, strangerToken: string;

beforeAll(async () => {
  owner = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  await befriend(t.db, owner, friend);
  friendToken = await tokenFor(t.db, friend);
  strangerToken = await tokenFor(t.db, stranger);
});

describe('POST /activities/share', () => {
  it.each(['activity', 'album', 'photo', 'blog', 'classified', 'event'])(
    "shares a %s as an attachment on the sharer's wall",
    async (type) => {
      const itemId = await insertItem(t.db, type, owner);
      const res = await post(t, strangerToken, SHARE, { item_type: type, item_id: itemId, body: 'Look <3' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ message: expect.any(String), id: expect.any(Number) });
      const a = (await get(t, friendToken, `/api/v1/activities/${res.body.data.id}`, { fields: 'owner,content,attachments' })).body.data;
      expect(a.owner.id).toBe(stranger);
      expect(a.content).toBe('Look &lt;3');
      const paths: Record<string, string> = {
        activity: 'activities',
        album: 'albums',
        photo: 'photos',
        blog: 'blogs',
        classified: 'listings',
        event: 'events',
      };
      expect(a.attachments).toEqual([
        {
          // A photo's size (extension) comes with it; the fixture's rows of the others have none.
          ...(type === 'photo' ? { width: expect.any(Number), height: expect.any(Number) } : {}),
          id: itemId,
          type,
          title: expect.any(String),
          description: expect.any(String),
          img: expect.any(String),
          href: `http://localhost:3000/${paths[type]}/${itemId}`,
        },
      ]);
    },
  );

  it("gives the share card the item's title, description and picture", async () => {
    const album = await insertAlbum(t.db, owner, { title: 'Alps' });
    await insertPhoto(t.db, owner, album);
    const res = await post(t, friendToken, SHARE, { item_type: 'album', item_id: album });
    const a = (await get(t, friendToken, `/api/v1/activities/${res.body.data.id}`, { fields: 'attachments' })).body.data;
    expect(a.attachments[0]).toMatchObject({
      title: 'Alps',
      description: 'By the sea',
      img: `http://localhost:4000/files/img/${'ab'.repeat(16)}/500.png`,
    });
  });

  it('answers 404 for an item that does not exist or that the sharer may not see', async () => {
    expect((await post(t, friendToken, SHARE, { item_type: 'blog', item_id: 999999 })).status).toBe(404);
    const draftId = await insertBlog(t.db, owner, { is_draft: 1 });
    expect((await post(t, friendToken, SHARE, { item_type: 'blog', item_id: draftId })).status).toBe(404);
  });

  it('answers 403 for an item only friends may see, even to a friend, and shares nothing', async () => {
    const blog = await insertBlog(t.db, owner, { auth_view: 'owner_member' });
    const before = (await t.db.selectFrom('activities').select('id').execute()).length;
    const res = await post(t, friendToken, SHARE, { item_type: 'blog', item_id: blog });
    expect(res.status).toBe(403);
    expect((await t.db.selectFrom('activities').select('id').execute()).length).toBe(before);
  });

  it('keeps the privacy of an item registered users may see', async () => {
    const blog = await insertBlog(t.db, owner, { auth_view: 'registered' });
    const res = await post(t, friendToken, SHARE, { item_type: 'blog', item_id: blog });
    expect((await get(t, await tokenFor(t.db, null), `/api/v1/activities/${res.body.data.id}`)).status).toBe(404);
  });

  it('answers 400 for an unknown item type and for missing parameters', async () => {
    const bad = await post(t, friendToken, SHARE, { item_type: 'group', item_id: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('item_type');
    const missing = await post(t, friendToken, SHARE, {});
    expect(missing.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['item_id', 'item_type']);
  });

  it('answers 403 to a client-credentials token', async () => {
    const id = await insertActivity(t.db, { owner });
    expect((await post(t, await tokenFor(t.db, null), SHARE, { item_type: 'activity', item_id: id })).status).toBe(403);
  });
});

describe('GET /activities/updates', () => {
  const ut = setupApi();
  let alice: number, bob: number, aliceToken: string, bobToken: string;
  const count = async (token: string) => (await get(ut, token, UPDATES)).body.data.notification_count;

  beforeAll(async () => {
    alice = (await createUser(ut.db)).id;
    bob = (await createUser(ut.db)).id;
    aliceToken = await tokenFor(ut.db, alice);
    bobToken = await tokenFor(ut.db, bob);
  });

  it('starts at 0', async () => {
    const res = await get(ut, aliceToken, UPDATES);
    expect(res.body).toEqual({ success: true, data: { notification_count: 0, message_count: 0 } });
  });

  it("counts likes, comments and shares of the user's items by other people, and likes of their comments", async () => {
    const id = await insertActivity(ut.db, { owner: alice });
    await post(ut, bobToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id });
    const c = await post(ut, bobToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, body: 'nice' });
    await post(ut, bobToken, SHARE, { item_type: 'activity', item_id: id });
    expect(await count(aliceToken)).toBe(3);
    await post(ut, aliceToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id, comment_id: c.body.data.id });
    expect(await count(bobToken)).toBe(1);
  });

  it('does not count what the user did to their own items', async () => {
    const id = await insertActivity(ut.db, { owner: bob });
    const before = await count(bobToken);
    await post(ut, bobToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id });
    await post(ut, bobToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, body: 'me' });
    expect(await count(bobToken)).toBe(before);
  });

  it('withdraws the count when the like is taken back or the comment deleted', async () => {
    const id = await insertActivity(ut.db, { owner: bob });
    const before = await count(bobToken);
    await post(ut, aliceToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id });
    const c = await post(ut, aliceToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, body: 'x' });
    expect(await count(bobToken)).toBe(before + 2);
    await del(ut, aliceToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id });
    await del(ut, aliceToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, comment_id: c.body.data.id });
    expect(await count(bobToken)).toBe(before);
  });

  it('withdraws the count of a share when the share is deleted', async () => {
    const id = await insertActivity(ut.db, { owner: bob });
    const before = await count(bobToken);
    const share = await post(ut, aliceToken, SHARE, { item_type: 'activity', item_id: id });
    expect(await count(bobToken)).toBe(before + 1);
    await del(ut, aliceToken, `/api/v1/activities/${share.body.data.id}`);
    expect(await count(bobToken)).toBe(before);
  });

  it('counts only notifications not marked read', async () => {
    await ut.db.updateTable('notifications').set({ read_at: 1 }).where('user_id', '=', alice).execute();
    expect(await count(aliceToken)).toBe(0);
    await ut.db.updateTable('notifications').set({ read_at: null }).where('user_id', '=', alice).execute();
    expect(await count(aliceToken)).toBe(3);
  });

  it('answers 403 to a client-credentials token', async () => {
    expect((await get(ut, await tokenFor(ut.db, null), UPDATES)).status).toBe(403);
  });
});
