import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertPhoto, insertSong, post } from '../fixtures.ts';

const t = setupApi();
let owner: number, friend: number, stranger: number, wallOwner: number;
let ownerToken: string, friendToken: string, strangerToken: string, wallOwnerToken: string, clientToken: string;

beforeAll(async () => {
  owner = (await createUser(t.db, { full_name: 'Olivia Owner' })).id;
  friend = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  wallOwner = (await createUser(t.db)).id;
  await befriend(t.db, owner, friend);
  await befriend(t.db, owner, wallOwner);
  ownerToken = await tokenFor(t.db, owner);
  friendToken = await tokenFor(t.db, friend);
  strangerToken = await tokenFor(t.db, stranger);
  wallOwnerToken = await tokenFor(t.db, wallOwner);
  clientToken = await tokenFor(t.db, null);
});

const url = (id: number) => `/api/v1/activities/${id}`;

describe('GET /activities/{id}', () => {
  it('answers the whole Activity', async () => {
    const id = await insertActivity(t.db, { owner, content: 'Hello <b>world</b>' });
    const res = await get(t, friendToken, url(id));
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toEqual({
      id,
      owner: {
        id: owner,
        type: 'user',
        title: 'Olivia Owner',
        imgs: {
          icon: 'http://localhost:4000/files/img/default-user/50sq.png',
          normal: 'http://localhost:4000/files/img/default-user/120.png',
          profile: 'http://localhost:4000/files/img/default-user/240.png',
          original: 'http://localhost:4000/files/img/default-user/original.png',
        },
      },
      content: 'Hello <b>world</b>',
      attachments: [],
      timestamp: expect.any(Number),
      is_liked: false,
      can_like: true,
      total_like: 0,
      user_liked: [],
      can_comment: true,
      total_comment: 0,
      comments: [],
      can_delete: false,
      can_share: true,
    });
  });

  it('answers only the fields asked for, and 400 for an unknown one', async () => {
    const id = await insertActivity(t.db, { owner });
    expect((await get(t, friendToken, url(id), { fields: 'id,can_delete' })).body.data).toEqual({ id, can_delete: false });
    const bad = await get(t, friendToken, url(id), { fields: 'id,secret' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('fields');
  });

  it('answers 404 to an activity that does not exist, and 400 to a non-numeric id', async () => {
    expect((await get(t, friendToken, url(999999))).status).toBe(404);
    expect((await get(t, friendToken, '/api/v1/activities/abc')).status).toBe(400);
  });

  it('answers 404 to a reader the privacy keeps out', async () => {
    const friendsOnly = await insertActivity(t.db, { owner, auth_view: 'owner_member' });
    const registered = await insertActivity(t.db, { owner, auth_view: 'registered' });
    const ownerOnly = await insertActivity(t.db, { owner, auth_view: 'owner' });
    expect((await get(t, friendToken, url(friendsOnly))).status).toBe(200);
    expect((await get(t, strangerToken, url(friendsOnly))).status).toBe(404);
    expect((await get(t, strangerToken, url(registered))).status).toBe(200);
    expect((await get(t, clientToken, url(registered))).status).toBe(404);
    expect((await get(t, friendToken, url(ownerOnly))).status).toBe(404);
    expect((await get(t, ownerToken, url(ownerOnly))).status).toBe(200);
  });

  it('lets a client-credentials token read a public activity but not like, comment, delete or share', async () => {
    const id = await insertActivity(t.db, { owner });
    const res = await get(t, clientToken, url(id), { fields: 'can_like,can_comment,can_delete,can_share,is_liked' });
    expect(res.body.data).toEqual({ can_like: false, can_comment: false, can_delete: false, can_share: false, is_liked: false });
  });

  it('lets the owner and the owner of the wall delete, nobody else', async () => {
    const id = await insertActivity(t.db, { owner, wall: wallOwner });
    const flags = async (token: string) => (await get(t, token, url(id), { fields: 'can_delete' })).body.data.can_delete;
    expect(await flags(ownerToken)).toBe(true);
    expect(await flags(wallOwnerToken)).toBe(true);
    expect(await flags(friendToken)).toBe(false);
  });

  it('can be shared only when everyone or registered users may see it', async () => {
    const friendsOnly = await insertActivity(t.db, { owner, auth_view: 'owner_member' });
    const registered = await insertActivity(t.db, { owner, auth_view: 'registered' });
    expect((await get(t, friendToken, url(friendsOnly), { fields: 'can_share' })).body.data.can_share).toBe(false);
    expect((await get(t, friendToken, url(registered), { fields: 'can_share' })).body.data.can_share).toBe(true);
  });

  it('lists at most the 10 latest likers in user_liked, newest first, and counts them all', async () => {
    const id = await insertActivity(t.db, { owner });
    const likers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const u = (await createUser(t.db)).id;
      likers.push(u);
      await t.db.insertInto('likes').values({ target_type: 'activity', target_id: id, user_id: u, created_at: 1 }).execute();
    }
    const res = await get(t, friendToken, url(id), { fields: 'total_like,user_liked,is_liked' });
    expect(res.body.data.total_like).toBe(12);
    expect(res.body.data.is_liked).toBe(false);
    expect(res.body.data.user_liked.map((u: { id: number }) => u.id)).toEqual(likers.slice(2).reverse());
    expect(res.body.data.user_liked[0]).toMatchObject({ type: 'user', imgs: { icon: expect.stringMatching(/^http/) } });
  });

  it('shows the 3 latest comments in chronological order and counts them all', async () => {
    const id = await insertActivity(t.db, { owner });
    for (let i = 1; i <= 5; i++) {
      expect((await post(t, friendToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, body: `c${i}` })).status).toBe(200);
    }
    const res = await get(t, ownerToken, url(id), { fields: 'total_comment,comments' });
    expect(res.body.data.total_comment).toBe(5);
    expect(res.body.data.comments.map((c: { body: string }) => c.body)).toEqual(['c3', 'c4', 'c5']);
    expect(res.body.data.comments[0]).toEqual({
      id: expect.any(Number),
      owner: expect.objectContaining({ id: friend, type: 'user' }),
      body: 'c3',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      can_delete: true,
      is_liked: false,
      total_like: 0,
    });
  });
});

describe('Activity attachments', () => {
  it('shows a photo with its 500-px picture and its web page', async () => {
    const album = await insertAlbum(t.db, owner);
    const photo = await insertPhoto(t.db, owner, album, 'Sunset');
    const id = await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: photo });
    const res = await get(t, friendToken, url(id), { fields: 'attachments' });
    expect(res.body.data.attachments).toEqual([
      {
        id: photo,
        type: 'photo',
        title: 'Sunset',
        description: 'caption',
        img: `http://localhost:4000/files/img/${'ab'.repeat(16)}/500.png`,
        href: `http://localhost:3000/photos/${photo}`,
        // The original's pixels (extension): the fixture's photo row is 10 × 10.
        width: 10,
        height: 10,
      },
    ]);
  });

  it('shows a link with id 0, its address as href and its thumbnail as img', async () => {
    const res = await post(t, ownerToken, '/api/v1/activities', {
      body: 'look',
      'attachment[type]': 'link',
      'attachment[uri]': 'https://example.org/a',
      'attachment[title]': 'Example',
      'attachment[description]': 'An example',
      'attachment[thumb]': 'https://example.org/t.png',
    });
    const a = await get(t, friendToken, url(res.body.data.id), { fields: 'attachments' });
    expect(a.body.data.attachments).toEqual([
      { id: 0, type: 'link', title: 'Example', description: 'An example', img: 'https://example.org/t.png', href: 'https://example.org/a' },
    ]);
  });

  it("shows music with the song's file address", async () => {
    const song = await insertSong(t.db, owner, 'Tune');
    const id = await insertActivity(t.db, { owner, attachment_type: 'music', attachment_id: song });
    const res = await get(t, friendToken, url(id), { fields: 'attachments' });
    expect(res.body.data.attachments).toEqual([
      {
        id: song,
        type: 'music',
        title: 'Tune',
        description: '',
        img: '',
        // A song stored before the music module (migration 020) keeps its public file; `src` plays it through the API.
        href: 'http://localhost:4000/files/songs/abc.mp3',
        duration: null,
        src: `http://localhost:4000/api/v1/music/songs/${song}/file`,
        status: 'processed',
      },
    ]);
  });

  it('shows a shared blog as a card of the blog', async () => {
    const blog = await insertBlog(t.db, owner);
    const id = await insertActivity(t.db, { owner: friend, attachment_type: 'blog', attachment_id: blog, is_share: 1 });
    const res = await get(t, strangerToken, url(id), { fields: 'attachments' });
    expect(res.body.data.attachments).toEqual([
      { id: blog, type: 'blog', title: 'My blog', description: 'Some words & more', img: '', href: `http://localhost:3000/blogs/${blog}` },
    ]);
  });

  it('leaves out an attachment the reader may not see, and keeps the activity', async () => {
    const privateAlbum = await insertAlbum(t.db, owner, { auth_view: 'owner_member' });
    const photo = await insertPhoto(t.db, owner, privateAlbum);
    const id = await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: photo });
    expect((await get(t, friendToken, url(id), { fields: 'attachments' })).body.data.attachments).toHaveLength(1);
    const res = await get(t, strangerToken, url(id), { fields: 'attachments' });
    expect(res.status).toBe(200);
    expect(res.body.data.attachments).toEqual([]);
  });

  it('leaves out an attachment that was deleted', async () => {
    const blog = await insertBlog(t.db, owner);
    const id = await insertActivity(t.db, { owner, attachment_type: 'blog', attachment_id: blog, is_share: 1 });
    await t.db.deleteFrom('blogs').where('id', '=', blog).execute();
    expect((await get(t, friendToken, url(id), { fields: 'attachments' })).body.data.attachments).toEqual([]);
  });
});

describe('DELETE /activities/{id}', () => {
  it('lets the owner delete it, with its likes, comments, comment likes and notifications', async () => {
    const id = await insertActivity(t.db, { owner });
    await post(t, friendToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id });
    const c = await post(t, friendToken, '/api/v1/core/comments', { item_type: 'activity', item_id: id, body: 'hi' });
    await post(t, ownerToken, '/api/v1/core/likes', { item_type: 'activity', item_id: id, comment_id: c.body.data.id });
    const cid: number = c.body.data.id;
    const notificationsOf = () =>
      t.db
        .selectFrom('notifications')
        .select('kind')
        .where((eb) =>
          eb.or([
            eb.and([eb('item_type', '=', 'activity'), eb('item_id', '=', id)]),
            eb.and([eb('item_type', '=', 'comment'), eb('item_id', '=', cid)]),
          ]),
        )
        .execute();
    expect((await notificationsOf()).map((n) => n.kind).sort()).toEqual(['comment', 'like', 'like']);

    const res = await del(t, ownerToken, url(id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect((await get(t, ownerToken, url(id))).status).toBe(404);
    expect(await t.db.selectFrom('likes').selectAll().where('target_type', '=', 'activity').where('target_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('likes').selectAll().where('target_type', '=', 'comment').where('target_id', '=', cid).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('comments').selectAll().where('item_type', '=', 'activity').where('item_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await notificationsOf()).toEqual([]);
  });

  it('lets the owner of the wall delete what others posted on it', async () => {
    const id = await insertActivity(t.db, { owner, wall: wallOwner });
    expect((await del(t, wallOwnerToken, url(id))).status).toBe(200);
  });

  it('answers 403 to a reader who may see it but not delete it, and keeps it', async () => {
    const id = await insertActivity(t.db, { owner });
    const res = await del(t, friendToken, url(id));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('forbidden');
    expect((await get(t, friendToken, url(id))).status).toBe(200);
  });

  it('answers 404 to a reader who may not see it', async () => {
    const id = await insertActivity(t.db, { owner, auth_view: 'owner' });
    expect((await del(t, friendToken, url(id))).status).toBe(404);
  });

  it('answers 403 to a client-credentials token', async () => {
    const id = await insertActivity(t.db, { owner });
    expect((await del(t, clientToken, url(id))).status).toBe(403);
  });

  it('keeps shares of a deleted activity that have their own message, without the attachment; drops bare shares', async () => {
    const id = await insertActivity(t.db, { owner });
    const said = await post(t, friendToken, '/api/v1/activities/share', { item_type: 'activity', item_id: id, body: 'Read this' });
    const bare = await post(t, friendToken, '/api/v1/activities/share', { item_type: 'activity', item_id: id });
    await del(t, ownerToken, url(id));
    const res = await get(t, friendToken, url(said.body.data.id), { fields: 'content,attachments' });
    expect(res.body.data).toEqual({ content: 'Read this', attachments: [] });
    expect((await get(t, friendToken, url(bare.body.data.id))).status).toBe(404);
  });
});
