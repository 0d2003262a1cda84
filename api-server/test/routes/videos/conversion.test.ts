import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimMediaJob, finishMediaJob } from '../../../src/data/media-jobs.ts';
import { now } from '../../../src/db/index.ts';
import { createMediaWorker } from '../../../src/media/worker.ts';
import { secondInstance, setupApi } from '../../fixture.ts';
import { call, createMember, privacyCast } from '../../helpers.ts';
import { get } from '../fixtures.ts';
import { makeClip, makeWideClip, uploadVideo } from './video-fixtures.ts';

// Uploads converted by ffmpeg in the media worker: the states a client reads, the converted file
// served with ranges to those who may see the video, hostile files failing cleanly, and the job
// table shared by the workers of several API instances.

const t = setupApi();
let clip: Buffer;

/** Every file under the data directory's media store (the uploads waiting, the converted files). */
function mediaFiles(): string[] {
  const root = path.join(t.dataDir, 'media');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
}

const worker = () => createMediaWorker({ db: t.db, config: t.config });

beforeAll(async () => {
  clip = await makeClip();
});

describe('POST /videos with an upload, converted by the worker', () => {
  it('waits as to_be_processed, then is processed: an MP4 with its poster, duration and size, and its owner is told', async () => {
    const owner = await createMember(t.db);
    const up = await uploadVideo(t, owner.token, clip, { description: 'A test card and a tone' });
    expect(up.status).toBe(200);
    const id = up.body.data.video_id as number;
    // Streamed to disk and moved under the video: nothing is left where it was spooled.
    expect(fs.readdirSync(path.join(t.dataDir, 'spool'))).toEqual([]);

    const waiting = await get(t, owner.token, `/api/v1/videos/${id}`, { fields: 'status,video_src,duration,poster,status_message' });
    expect(waiting.body.data).toMatchObject({ status: 'to_be_processed', video_src: '', duration: '', poster: '' });
    expect(waiting.body.data.status_message).toMatch(/in queue/);
    // Nobody else sees it yet, not even in the owner's public list.
    const other = await createMember(t.db);
    expect((await get(t, other.token, `/api/v1/videos/${id}`)).status).toBe(404);
    expect(
      (await get(t, owner.token, '/api/v1/videos/my', { status: 'to_be_processed' })).body.data.map((v: { id: number }) => v.id),
    ).toEqual([id]);

    expect(await worker().drain()).toBe(1);

    const done = await get(t, owner.token, `/api/v1/videos/${id}`, {
      fields: 'status,video_type,video_src,duration,duration_seconds,width,height,poster,thumb',
    });
    expect(done.body.data).toMatchObject({
      status: 'processed',
      video_type: 'upload',
      duration: '00:01',
      duration_seconds: 1,
      width: 160,
      height: 120,
    });
    expect(done.body.data.video_src).toBe(`${t.config.publicUrl}/api/v1/videos/${id}/file`);
    expect(done.body.data.poster).toMatch(/\/files\/img\/[0-9a-f]+\/1024\.jpg$/);
    expect(done.body.data.thumb).toMatch(/\/240\.jpg$/);
    const poster = await t.app.inject({ method: 'GET', url: new URL(done.body.data.poster as string).pathname });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}/file`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['accept-ranges']).toBe('bytes');
    // An MP4 with its index (moov) before the media (mdat): +faststart.
    const bytes = file.rawPayload;
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    // The upload is gone; only the converted file stays.
    expect(mediaFiles()).toEqual([expect.stringMatching(new RegExp(`^video/${id}/[0-9a-f]+\\.mp4$`))]);

    const notes = await get(t, owner.token, '/api/v1/activities/notifications');
    expect(notes.body.data[0]).toMatchObject({ type: 'video_processed' });
  });

  it('answers ranges of the file: a part (206), the end, and past the end (416)', async () => {
    const owner = await createMember(t.db);
    const id = (await uploadVideo(t, owner.token, clip)).body.data.video_id as number;
    await worker().drain();
    const auth = { authorization: `Bearer ${owner.token}` };
    const whole = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/file`, headers: auth });
    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/file`, headers: { ...auth, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/file`, headers: { ...auth, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/file`, headers: { ...auth, range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });

  it("serves the file only to those the video's auth_view lets in", async () => {
    const cast = await privacyCast(t.db);
    const id = (await uploadVideo(t, cast.ownerToken, clip, { auth_view: 'owner_member' })).body.data.video_id as number;
    await worker().drain();
    const file = (token: string) =>
      call(t.app, token, { method: 'GET', url: `/api/v1/videos/${id}/file`, headers: { range: 'bytes=0-9' } });
    expect((await file(cast.ownerToken)).status).toBe(206);
    expect((await file(cast.friendToken)).status).toBe(206);
    expect((await file(cast.strangerToken)).status).toBe(404);
    expect((await file(cast.clientToken)).status).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: `/api/v1/videos/${id}/file` })).status).toBe(401);
    // The file is nowhere under the public /files/ address.
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'video'))).toBe(false);
  });
});

describe("the server's running worker", () => {
  it('is woken by an upload through its instance and converts it outside the request', async () => {
    const owner = await createMember(t.db);
    const running = createMediaWorker({ db: t.db, config: t.config, pollMs: 60_000 });
    running.start();
    t.app.mediaWorker = running;
    try {
      const id = (await uploadVideo(t, owner.token, clip)).body.data.video_id as number;
      let status = '';
      for (let i = 0; i < 100 && status !== 'processed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await get(t, owner.token, `/api/v1/videos/${id}`, { fields: 'status' })).body.data.status as string;
      }
      expect(status).toBe('processed');
    } finally {
      t.app.mediaWorker = null;
      await running.stop();
    }
  });
});

describe('hostile uploads', () => {
  it('a file over VIDEO_MAX_BYTES is refused with 413 as it streams, and nothing of it stays', async () => {
    const owner = await createMember(t.db);
    const limit = t.app.config.videoMaxBytes;
    t.app.config.videoMaxBytes = 1000;
    try {
      const res = await uploadVideo(t, owner.token, Buffer.alloc(5000, 1));
      expect(res.status).toBe(413);
      expect(res.body.data.error_text).toBe('request_too_large');
    } finally {
      t.app.config.videoMaxBytes = limit;
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'spool'))).toEqual([]);
    expect((await get(t, owner.token, '/api/v1/videos/my')).body.data).toEqual([]);
  });

  it('a file of random bytes ends conversion_failed with a reason, leaving no file, and its owner is told', async () => {
    const owner = await createMember(t.db);
    const id = (await uploadVideo(t, owner.token, crypto.randomBytes(4096))).body.data.video_id as number;
    const before = fs.readdirSync(path.join(t.dataDir, 'files', 'img')).length;
    await worker().drain();
    const video = await get(t, owner.token, `/api/v1/videos/${id}`, { fields: 'status,status_message,video_src,poster' });
    expect(video.body.data).toMatchObject({ status: 'conversion_failed', video_src: '', poster: '' });
    expect(video.body.data.status_message).toBe('The file is not a video that can be read.');
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'video', String(id)))).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'img')).length).toBe(before);
    expect((await get(t, owner.token, '/api/v1/activities/notifications')).body.data[0]).toMatchObject({ type: 'video_failed' });
    expect(
      (await get(t, owner.token, '/api/v1/videos/my', { status: 'conversion_failed' })).body.data.map((v: { id: number }) => v.id),
    ).toContain(id);
  });

  it('a video of an absurd size fails before it is decoded; one that runs past the time limit is stopped', async () => {
    const owner = await createMember(t.db);
    const wide = (await uploadVideo(t, owner.token, await makeWideClip())).body.data.video_id as number;
    await worker().drain();
    const a = await get(t, owner.token, `/api/v1/videos/${wide}`, { fields: 'status,status_message' });
    expect(a.body.data).toEqual({ status: 'conversion_failed', status_message: "The video's picture (9000×16) is larger than 8K." });

    // Longer than the site takes.
    const long = (await uploadVideo(t, owner.token, clip)).body.data.video_id as number;
    await createMediaWorker({ db: t.db, config: { ...t.config, videoMaxDuration: 0.5 } }).drain();
    const b = await get(t, owner.token, `/api/v1/videos/${long}`, { fields: 'status,status_message' });
    expect(b.body.data).toEqual({ status: 'conversion_failed', status_message: 'The video is longer than 0.5 seconds.' });

    // An ffmpeg that never ends (here one that sleeps) is killed at the time limit.
    const slow = (await uploadVideo(t, owner.token, clip)).body.data.video_id as number;
    const hang = path.join(t.dataDir, 'hanging-ffmpeg');
    fs.writeFileSync(hang, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const started = Date.now();
    await createMediaWorker({ db: t.db, config: { ...t.config, ffmpegPath: hang, videoConvertSeconds: 1 } }).drain();
    expect(Date.now() - started).toBeLessThan(5000);
    const c = await get(t, owner.token, `/api/v1/videos/${slow}`, { fields: 'status,status_message' });
    expect(c.body.data).toEqual({ status: 'conversion_failed', status_message: 'The conversion took longer than 1 s and was stopped.' });
    for (const id of [wide, long, slow]) expect(fs.existsSync(path.join(t.dataDir, 'media', 'video', String(id)))).toBe(false);
  });
});

describe('the job table every API instance claims from', () => {
  /** The conversion job of each video. */
  async function jobsOf(ids: number[]) {
    return t.db.selectFrom('media_jobs').selectAll().where('subject_id', 'in', ids).orderBy('id').execute();
  }

  it('the workers of two instances on one database share the jobs, each done once', async () => {
    const owner = await createMember(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await uploadVideo(t, owner.token, clip, { title: `Clip ${i}` })).body.data.video_id as number);
    const other = await secondInstance(t);
    try {
      const a = createMediaWorker({ db: t.db, config: t.config });
      const b = createMediaWorker({ db: other.db, config: other.app.config });
      await Promise.all([a.drain(), b.drain()]);
      const jobs = await jobsOf(ids);
      const done = [...a.finished, ...b.finished].sort((x, y) => x - y);
      expect(done).toEqual(jobs.map((j) => j.id));
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual(ids.map(() => ['done', 1]));
    } finally {
      await other.close();
    }
    const mine = await get(t, owner.token, '/api/v1/videos/my', { fields: 'id,status' });
    expect(mine.body.data).toEqual(ids.reverse().map((id) => ({ id, status: 'processed' })));
  });

  it('a job whose worker stopped beating is claimed again, and the dead claim can no longer end it', async () => {
    const owner = await createMember(t.db);
    const id = (await uploadVideo(t, owner.token, clip)).body.data.video_id as number;
    const dead = await claimMediaJob(t.db, 'dead-worker', t.config.mediaJobStaleSeconds);
    expect(dead).toMatchObject({ subject_id: id, attempts: 1 });
    // While its claim is fresh, nobody else takes it.
    expect(await worker().drain()).toBe(0);
    await t.db
      .updateTable('media_jobs')
      .set({ heartbeat_at: now() - t.config.mediaJobStaleSeconds - 1 })
      .where('id', '=', dead!.id)
      .execute();
    expect(await worker().drain()).toBe(1);
    const [job] = await jobsOf([id]);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job!.claimed_by).not.toBe('dead-worker');
    expect(await finishMediaJob(t.db, dead!.id, 'dead-worker', 'late')).toBe(false);
    expect((await get(t, owner.token, `/api/v1/videos/${id}`, { fields: 'status' })).body.data).toEqual({ status: 'processed' });
  });
});
