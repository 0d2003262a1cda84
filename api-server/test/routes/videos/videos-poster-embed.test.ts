import { beforeAll, describe, expect, it } from 'vitest';
import { createMediaWorker } from '../../../src/media/worker.ts';
import { setupApi } from '../../fixture.ts';
import { call, privacyCast } from '../../helpers.ts';
import { del, get, insertVideo, picture, post } from '../fixtures.ts';
import { makeClip, uploadVideo } from './video-fixtures.ts';

// POST /videos/{id}/thumb (extension: the owner chooses the poster) and the embedded player of an
// uploaded video (GET /videos/{id}/embed, /player, /player/file: no token, public videos only).

const VIDEOS = '/api/v1/videos';
const t = setupApi();
let clip: Buffer;
beforeAll(async () => {
  clip = await makeClip();
});

const drain = () => createMediaWorker({ db: t.db, config: t.config }).drain();
const thumb = (token: string, id: number, fields: Record<string, string | number>) => post(t, token, `${VIDEOS}/${id}/thumb`, fields);
const posterOf = async (token: string, id: number) =>
  (await get(t, token, `${VIDEOS}/${id}`, { fields: 'poster' })).body.data.poster as string;
/** A request with no token at all, as a browser on another site makes it. */
const bare = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A photo of the member's, uploaded through the albums API (so that its picture is stored): its id and its picture's address. */
async function ownPhoto(token: string): Promise<{ id: number; src: string }> {
  const res = await post(
    t,
    token,
    '/api/v1/albums/compose_upload',
    {},
    { Filedata: { filename: 'p.png', content: await picture('png', 64, 48) } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.photo_id as number, src: res.body.data.src as string };
}

let cast: Awaited<ReturnType<typeof privacyCast>>;
let upload: number;
beforeAll(async () => {
  cast = await privacyCast(t.db);
  upload = (await uploadVideo(t, cast.ownerToken, clip)).body.data.video_id as number;
  await drain();
});

describe('POST /videos/{id}/thumb', () => {
  it('takes the frame at a time of an upload as its poster, and the old poster goes', async () => {
    const before = await posterOf(cast.ownerToken, upload);
    const res = await thumb(cast.ownerToken, upload, { time: 0.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await posterOf(cast.strangerToken, upload);
    expect(after).not.toBe(before);
    expect(res.body.data).toEqual({
      message: expect.any(String),
      poster: after,
      thumb: expect.stringMatching(/\/files\/img\/[0-9a-f]+\/240\.jpg$/),
    });
    expect((await bare(new URL(after).pathname)).statusCode).toBe(200);
    expect((await bare(new URL(before).pathname)).statusCode).toBe(404);
    // Past the end of the video, neither or both of time and photo_id: 400 naming the parameter.
    expect((await thumb(cast.ownerToken, upload, { time: 5 })).body.data.error_params[0].name).toBe('time');
    expect((await thumb(cast.ownerToken, upload, {})).body.data.error_params[0]).toMatchObject({
      name: 'time',
      error_text: 'missing_parameter',
    });
    expect((await thumb(cast.ownerToken, upload, { time: 0, photo_id: 1 })).body.data.error_params[0].name).toBe('photo_id');
  });

  it("takes one of the owner's photos (a copy: the photo stays), never another's, on a link as on an upload", async () => {
    const link = await insertVideo(t.db, cast.owner);
    const photo = await ownPhoto(cast.ownerToken);
    const res = await thumb(cast.ownerToken, link, { photo_id: photo.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await posterOf(cast.friendToken, link)).toBe(res.body.data.poster);
    expect((await bare(new URL(res.body.data.poster as string).pathname)).statusCode).toBe(200);
    // Another member's photo, or a frame of a link: 400.
    const theirs = await ownPhoto(cast.friendToken);
    expect((await thumb(cast.ownerToken, link, { photo_id: theirs.id })).body.data.error_params[0].name).toBe('photo_id');
    expect((await thumb(cast.ownerToken, link, { photo_id: 999999 })).body.data.error_params[0].name).toBe('photo_id');
    // The poster is a copy: the video deleted, the photo's picture stays.
    expect((await del(t, cast.ownerToken, `${VIDEOS}/${link}`)).status).toBe(200);
    expect((await bare(new URL(res.body.data.poster as string).pathname)).statusCode).toBe(404);
    expect((await bare(new URL(photo.src).pathname)).statusCode).toBe(200);
  });

  it('takes no frame of a link', async () => {
    const link = await insertVideo(t.db, cast.owner);
    expect((await thumb(cast.ownerToken, link, { time: 1 })).body.data.error_params[0].name).toBe('time');
  });

  it('is the owner’s alone: 403 to another who sees the video, 404 to one who does not; 400 while it converts', async () => {
    expect((await thumb(cast.friendToken, upload, { time: 0 })).status).toBe(403);
    const hidden = await insertVideo(t.db, cast.owner, { auth_view: 'owner' });
    expect((await thumb(cast.strangerToken, hidden, { time: 0 })).status).toBe(404);
    const waiting = await insertVideo(t.db, cast.owner, { type: 'upload', code: null, url: null, status: 'to_be_processed' });
    const res = await thumb(cast.ownerToken, waiting, { photo_id: (await ownPhoto(cast.ownerToken)).id });
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('bad_request');
  });
});

describe('the embedded player of an uploaded video', () => {
  it('embeds a public upload: a page and a file read with no token, with ranges', async () => {
    const embed = await get(t, cast.strangerToken, `${VIDEOS}/${upload}/embed`);
    expect(embed.status, JSON.stringify(embed.body)).toBe(200);
    const player = `${t.config.publicUrl}/api/v1/videos/${upload}/player`;
    expect(embed.body.data.code).toBe(
      `<iframe src="${player}" width="160" height="120" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    );
    expect((await get(t, cast.strangerToken, `${VIDEOS}/${upload}`, { fields: 'can_embed' })).body.data.can_embed).toBe(true);

    const page = await bare(`/api/v1/videos/${upload}/player`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    expect(page.body).toContain(`src="${player}/file"`);
    expect(page.body).toContain('<video controls');

    const file = await bare(`/api/v1/videos/${upload}/player/file`, { range: 'bytes=0-9' });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('never plays one that is not public: narrowed later, private from the start, converting, or a link', async () => {
    const other = (await uploadVideo(t, cast.ownerToken, clip, { auth_view: 'registered' })).body.data.video_id as number;
    await drain();
    const closed = async (id: number) => {
      expect((await bare(`/api/v1/videos/${id}/player`)).statusCode).toBe(404);
      expect((await bare(`/api/v1/videos/${id}/player/file`)).statusCode).toBe(404);
    };
    await closed(other);
    expect((await get(t, cast.strangerToken, `${VIDEOS}/${other}/embed`)).status).toBe(403);
    expect((await get(t, cast.clientToken, `${VIDEOS}/${other}/embed`)).status).toBe(404);
    // The public one above, narrowed to friends: its embedded player stops at once.
    expect((await post(t, cast.ownerToken, `${VIDEOS}/${upload}`, { auth_view: 'owner_member' })).status).toBe(200);
    await closed(upload);
    expect((await get(t, cast.friendToken, `${VIDEOS}/${upload}/embed`)).status).toBe(403);
    expect((await get(t, cast.strangerToken, `${VIDEOS}/${upload}/embed`)).status).toBe(404);
    const waiting = await insertVideo(t.db, cast.owner, { type: 'upload', code: null, url: null, status: 'to_be_processed' });
    await closed(waiting);
    await closed(await insertVideo(t.db, cast.owner));
    // The token-checked file is unchanged: the friend still plays it there.
    const viaApi = await call(t.app, cast.friendToken, { method: 'GET', url: `${VIDEOS}/${upload}/file`, headers: { range: 'bytes=0-9' } });
    expect(viaApi.status).toBe(206);
  });
});
