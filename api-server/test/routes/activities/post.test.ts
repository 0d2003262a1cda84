import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, call, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertAlbum, insertPhoto, insertSong, picture, post } from '../fixtures.ts';

const URL_ = '/api/v1/activities';

const t = setupApi();
let me: number, friend: number, stranger: number;
let meToken: string, strangerToken: string;

beforeAll(async () => {
  me = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  await befriend(t.db, me, friend);
  meToken = await tokenFor(t.db, me);
  strangerToken = await tokenFor(t.db, stranger);
});

async function activity(id: number, fields = 'id,owner,content,attachments') {
  return (await get(t, meToken, `${URL_}/${id}`, { fields })).body.data;
}

describe('POST /activities: text', () => {
  it("publishes on the poster's wall and answers message and id", async () => {
    const res = await post(t, meToken, URL_, { body: 'Hello there' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String), id: expect.any(Number) } });
    const row = await t.db.selectFrom('activities').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: me, subject_type: 'user', subject_id: me, content: 'Hello there', auth_view: 'everyone' });
  });

  it('stores the body as HTML: escaped, links made, newlines as <br />', async () => {
    const res = await post(t, meToken, URL_, { body: '<img src=x onerror=alert(1)> & see\nhttps://example.org/x?a=1&b=2.' });
    expect((await activity(res.body.data.id)).content).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; see<br /><a href="https://example.org/x?a=1&amp;b=2" rel="nofollow noopener" target="_blank">https://example.org/x?a=1&amp;b=2</a>.',
    );
  });

  it('accepts a urlencoded form too', async () => {
    const res = await call(t.app, meToken, {
      method: 'POST',
      url: URL_,
      payload: 'body=plain+form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await activity(res.body.data.id)).content).toBe('plain form');
  });

  it('answers 400 missing_parameter without a body or attachment', async () => {
    for (const fields of [{}, { body: '   ' }] as Array<Record<string, string>>) {
      const res = await post(t, meToken, URL_, fields);
      expect(res.status).toBe(400);
      expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'body', error_text: 'missing_parameter' })]);
    }
  });

  it('answers 400 to a body over 5,000 characters and accepts exactly 5,000', async () => {
    const over = await post(t, meToken, URL_, { body: 'x'.repeat(5001) });
    expect(over.status).toBe(400);
    expect(over.body.data.error_params[0].name).toBe('body');
    expect((await post(t, meToken, URL_, { body: 'x'.repeat(5000) })).status).toBe(200);
  });

  it('answers 403 to a client-credentials token', async () => {
    const res = await post(t, await tokenFor(t.db, null), URL_, { body: 'hi' });
    expect(res.status).toBe(403);
  });

  it('answers 403 insufficient_scope to a token without the activities scope', async () => {
    const res = await post(t, await tokenFor(t.db, me, ['basic', 'albums']), URL_, { body: 'hi' });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});

describe('POST /activities: on another wall', () => {
  it("posts on a friend's wall", async () => {
    const res = await post(t, meToken, URL_, { body: 'Happy birthday!', subject_type: 'user', subject_id: friend });
    expect(res.status).toBe(200);
    const wall = await get(t, meToken, URL_, { subject_type: 'user', subject_id: friend, fields: 'id' });
    expect(wall.body.data.items.map((i: { id: number }) => i.id)).toContain(res.body.data.id);
  });

  it("answers 403 on a stranger's wall and posts nothing", async () => {
    const before = await t.db.selectFrom('activities').select('id').execute();
    const res = await post(t, strangerToken, URL_, { body: 'hi', subject_type: 'user', subject_id: me });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('activities').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 404 on the wall of an unknown user', async () => {
    expect((await post(t, meToken, URL_, { body: 'hi', subject_type: 'user', subject_id: 999999 })).status).toBe(404);
  });

  it('answers 400 for a subject type other than user or group', async () => {
    const res = await post(t, meToken, URL_, { body: 'hi', subject_type: 'blog', subject_id: 1 });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('subject_type');
  });
});

describe('POST /activities: attachments', () => {
  it('attaches a photo uploaded with compose_upload, body optional', async () => {
    const up = await post(
      t,
      meToken,
      '/api/v1/albums/compose_upload',
      {},
      { Filedata: { filename: 'a.png', content: await picture('png', 800, 600) } },
    );
    expect(up.status).toBe(200);
    const res = await post(t, meToken, URL_, { 'attachment[type]': 'photo', 'attachment[photo_id]': up.body.data.photo_id });
    expect(res.status).toBe(200);
    const a = await activity(res.body.data.id);
    expect(a.content).toBe('');
    expect(a.attachments).toEqual([expect.objectContaining({ id: up.body.data.photo_id, type: 'photo', img: up.body.data.src })]);
  });

  it("answers 400 for someone else's photo", async () => {
    const photo = await insertPhoto(t.db, friend, await insertAlbum(t.db, friend));
    const res = await post(t, meToken, URL_, { body: 'mine?', 'attachment[type]': 'photo', 'attachment[photo_id]': photo });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('attachment[photo_id]');
  });

  it('answers 400 missing_parameter for a photo without photo_id', async () => {
    const res = await post(t, meToken, URL_, { 'attachment[type]': 'photo' });
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'attachment[photo_id]', error_text: 'missing_parameter' });
  });

  it('answers 400 for a link without uri, or with a uri or thumb that is not http(s)', async () => {
    const missing = await post(t, meToken, URL_, { 'attachment[type]': 'link' });
    expect(missing.body.data.error_params[0]).toMatchObject({ name: 'attachment[uri]', error_text: 'missing_parameter' });
    const bad = await post(t, meToken, URL_, {
      'attachment[type]': 'link',
      'attachment[uri]': 'javascript:alert(1)',
      'attachment[thumb]': 'file:///etc/passwd',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params.map((p: { name: string }) => p.name)).toEqual(['attachment[uri]', 'attachment[thumb]']);
  });

  it('attaches a link, titled by its address when no title is given', async () => {
    const res = await post(t, meToken, URL_, { 'attachment[type]': 'link', 'attachment[uri]': 'http://example.com/page' });
    expect((await activity(res.body.data.id)).attachments).toEqual([
      { id: 0, type: 'link', title: 'http://example.com/page', description: '', img: '', href: 'http://example.com/page' },
    ]);
  });

  it('attaches a song that exists, and answers 400 for one that does not', async () => {
    const song = await insertSong(t.db, friend);
    const ok = await post(t, meToken, URL_, { body: 'listen', 'attachment[type]': 'music', 'attachment[song_id]': song });
    expect((await activity(ok.body.data.id)).attachments[0]).toMatchObject({ id: song, type: 'music' });
    const bad = await post(t, meToken, URL_, { body: 'listen', 'attachment[type]': 'music', 'attachment[song_id]': 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('attachment[song_id]');
  });

  it('answers 400 naming attachment[video_id] for a video that does not exist (videos in posts: test/routes/videos/videos-posts.test.ts)', async () => {
    const res = await post(t, meToken, URL_, { body: 'clip', 'attachment[type]': 'video', 'attachment[video_id]': 999999 });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('attachment[video_id]');
  });

  it('answers 400 for an unknown attachment type, or attachment fields without a type', async () => {
    expect((await post(t, meToken, URL_, { body: 'x', 'attachment[type]': 'poll' })).status).toBe(400);
    const res = await post(t, meToken, URL_, { body: 'x', 'attachment[uri]': 'https://example.org' });
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'attachment[type]', error_text: 'missing_parameter' });
  });
});
