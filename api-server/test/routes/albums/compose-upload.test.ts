import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../../src/storage/images.ts';
import { call, createUser, multipartBody, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { picture, post } from '../fixtures.ts';

const UPLOAD = '/api/v1/albums/compose_upload';

const t = setupApi();
let me: number, token: string;
beforeAll(async () => {
  me = (await createUser(t.db)).id;
  token = await tokenFor(t.db, me, ['albums']);
});

const upload = (content: Buffer, filename = 'photo.jpg', fields: Record<string, string> = {}, tok = token) =>
  post(t, tok, UPLOAD, fields, { Filedata: { filename, content, type: 'image/jpeg' } });

describe('POST /albums/compose_upload', () => {
  it("stores the photo in the user's Wall Photos album and answers photo_id, album_id and src", async () => {
    const res = await upload(await picture('jpeg', 1200, 900));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        message: expect.any(String),
        photo_id: expect.any(Number),
        album_id: expect.any(Number),
        src: expect.stringMatching(/^http:\/\/localhost:4000\/files\/img\/[0-9a-f]{32}\/500\.jpg$/),
      },
    });
    const album = await t.db.selectFrom('albums').selectAll().where('id', '=', res.body.data.album_id).executeTakeFirstOrThrow();
    expect(album).toMatchObject({ owner_id: me, kind: 'wall', title: 'Wall Photos', auth_view: 'everyone' });
    const photo = await t.db.selectFrom('photos').selectAll().where('id', '=', res.body.data.photo_id).executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ owner_id: me, album_id: album.id, width: 1200, height: 900 });
  });

  it('serves the 500-px picture at src', async () => {
    const res = await upload(await picture('jpeg', 1200, 900));
    const file = await t.app.inject({ method: 'GET', url: new URL(res.body.data.src).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('reuses the same special album for later uploads of the same type', async () => {
    const a = await upload(await picture('png'), 'a.png');
    const b = await upload(await picture('png'), 'b.png');
    expect(b.body.data.album_id).toBe(a.body.data.album_id);
    expect(b.body.data.photo_id).not.toBe(a.body.data.photo_id);
  });

  it('keeps message photos private to their owner', async () => {
    const writer = await createUser(t.db);
    const res = await upload(await picture('png'), 'm.png', { type: 'message' }, await tokenFor(t.db, writer.id, ['albums']));
    const album = await t.db.selectFrom('albums').selectAll().where('id', '=', res.body.data.album_id).executeTakeFirstOrThrow();
    expect(album).toMatchObject({ kind: 'message', auth_view: 'owner', allow_search: 0 });
    const other = await createUser(t.db);
    const otherToken = await tokenFor(t.db, other.id, ['basic']);
    const query = { item_type: 'photo', item_id: res.body.data.photo_id };
    expect(
      (
        await call(t.app, otherToken, {
          method: 'GET',
          url: `/api/v1/core/comments?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        })
      ).status,
    ).toBe(404);
  });

  it('keeps the photos written into a blog, an event or a forum post to their owner in the album, and serves them at src', async () => {
    const writer = await createUser(t.db);
    const writerToken = await tokenFor(t.db, writer.id, ['albums']);
    const otherToken = await tokenFor(t.db, (await createUser(t.db)).id, ['albums']);
    for (const type of ['blog', 'event', 'forum']) {
      const res = await upload(await picture('png'), `${type}.png`, { type }, writerToken);
      expect(res.status).toBe(200);
      const { album_id: album, photo_id: photo, src } = res.body.data;
      expect(
        await t.db.selectFrom('albums').select(['kind', 'auth_view', 'allow_search']).where('id', '=', album).executeTakeFirst(),
      ).toEqual({
        kind: type,
        auth_view: 'owner',
        allow_search: 0,
      });
      // Its owner sees the album and the photo; another member sees neither, and is not told they are there.
      for (const url of [`/api/v1/albums/${album}`, `/api/v1/albums/photos/${photo}`]) {
        expect((await call(t.app, writerToken, { method: 'GET', url })).status).toBe(200);
        expect((await call(t.app, otherToken, { method: 'GET', url })).status).toBe(404);
      }
      // What it was written for shows it by its address, whoever reads that.
      expect((await t.app.inject({ method: 'GET', url: new URL(src).pathname })).statusCode).toBe(200);
    }
  });

  it('puts each type into its own special album', async () => {
    const profile = await upload(await picture('png'), 'p.png', { type: 'profile' });
    const blog = await upload(await picture('png'), 'b.png', { type: 'blog' });
    const wall = await upload(await picture('png'), 'w.png', { type: 'wall' });
    expect(new Set([profile.body.data.album_id, blog.body.data.album_id, wall.body.data.album_id]).size).toBe(3);
    const kinds = await t.db.selectFrom('albums').select(['kind', 'title']).where('owner_id', '=', me).orderBy('kind').execute();
    expect(kinds).toEqual([
      { kind: 'blog', title: 'Blog Photos' },
      { kind: 'profile', title: 'Profile Pictures' },
      { kind: 'wall', title: 'Wall Photos' },
    ]);
  });

  it('answers 400 for an unknown type', async () => {
    const res = await upload(await picture('png'), 'x.png', { type: 'video' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('type');
  });

  it('recognises images by their bytes: a PNG named .txt is accepted', async () => {
    const res = await post(
      t,
      token,
      UPLOAD,
      {},
      { Filedata: { filename: 'notes.txt', content: await picture('png'), type: 'text/plain' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.src).toMatch(/\/500\.png$/);
  });

  it('refuses a text file named .jpg with 400 and stores nothing', async () => {
    const photos = (await t.db.selectFrom('photos').select('id').execute()).length;
    const res = await upload(Buffer.from('this is not an image at all, just some text\n'.repeat(10)), 'evil.jpg');
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'Filedata', error_text: 'invalid_parameter' });
    expect((await t.db.selectFrom('photos').select('id').execute()).length).toBe(photos);
  });

  it('accepts GIF and WebP', async () => {
    const gif = await upload(await picture('gif'), 'a.gif');
    expect(gif.status).toBe(200);
    expect(gif.body.data.src).toMatch(/\.gif$/);
    const webp = await upload(await picture('webp'), 'a.webp');
    expect(webp.status).toBe(200);
    expect(webp.body.data.src).toMatch(/\.webp$/);
  });

  it('answers 400 missing_parameter without Filedata, and 400 when Filedata is a plain field', async () => {
    const none = await post(t, token, UPLOAD, { type: 'wall' });
    expect(none.status).toBe(400);
    expect(none.body.data.error_params[0]).toMatchObject({ name: 'Filedata', error_text: 'missing_parameter' });
    const text = await post(t, token, UPLOAD, { Filedata: 'not a file' });
    expect(text.status).toBe(400);
    expect(text.body.data.error_params[0].name).toBe('Filedata');
  });

  it('answers 403 to a client-credentials token and 403 insufficient_scope without the albums scope', async () => {
    expect((await upload(await picture('png'), 'a.png', {}, await tokenFor(t.db, null, ['albums']))).status).toBe(403);
    const res = await upload(await picture('png'), 'a.png', {}, await tokenFor(t.db, me, ['basic', 'activities']));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });

  it('answers 401 without a token', async () => {
    expect((await upload(await picture('png'), 'a.png', {}, '')).status).toBe(401);
  });
});

describe('POST /albums/compose_upload: size limit', () => {
  const small = setupApi({ config: { uploadMaxBytes: 2000 } });

  it('answers 413 to a file over the limit and stores nothing', async () => {
    const user = (await createUser(small.db)).id;
    const big = await picture('png', 400, 400);
    const noisy = Buffer.concat([big, Buffer.alloc(5000, 7)]);
    const { payload, headers } = multipartBody({}, { Filedata: { filename: 'big.png', content: noisy } });
    const res = await call(small.app, await tokenFor(small.db, user, ['albums']), { method: 'POST', url: UPLOAD, payload, headers });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
    expect(await small.db.selectFrom('photos').select('id').execute()).toEqual([]);
    const stored = fs.readdirSync(path.join(filesDir(small.dataDir), 'img'));
    expect(stored).toEqual(['default-user']);
  });
});
