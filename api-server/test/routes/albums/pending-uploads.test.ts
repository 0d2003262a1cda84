import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { PENDING_UPLOAD_TTL_S } from '../../../src/routes/albums/pending-uploads.ts';
import { filesDir } from '../../../src/storage/images.ts';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertActivity, picture, post } from '../fixtures.ts';
import { ALBUMS, makeAlbum, makePhoto, uploadPending } from './album-fixtures.ts';

// An upload of POST /albums/photo_upload that nobody puts into an album (or on a post) goes after
// a day, with its files, by a sweep the server runs by itself: at start, then on a timer. The
// clock is vitest's: Date and the interval timers are faked, so a day passes at once. Tokens
// last an hour, so each test takes fresh ones at its start.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = PENDING_UPLOAD_TTL_S * 1000;
/** How long (real time) a test waits for a sweep to finish its work: files go by real I/O. */
const WAIT = { timeout: 5000 };

// Before the API starts (and after it closes): its sweep's timer is the faked one.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterAll(() => {
  vi.useRealTimers();
});
const t = setupApi();
let owner: number;
let token: string;
beforeAll(async () => {
  owner = (await createUser(t.db)).id;
});
beforeEach(async () => {
  token = await tokenFor(t.db, owner, ['albums', 'classifieds', 'events']);
});

const photoRow = (id: number) => t.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
const filesOf = (key: string) => path.join(filesDir(t.dataDir), 'img', key.split('.')[0]!);
const photoFiles = async (id: number) => filesOf((await photoRow(id))!.image_key);
const file = async () => ({ filename: 'p.png', content: await picture('png', 80, 60) });

/**
 * Moves the faked clock on by `ms`, an hour at a time, giving the sweep each hourly tick starts
 * a moment of real time to finish: on PostgreSQL its queries take real I/O, and a tick that
 * finds a sweep still running lets it be.
 */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= HOUR_MS) {
    await vi.advanceTimersByTimeAsync(Math.min(HOUR_MS, left));
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** Waits for the sweep the timer started (it runs on its own, out of the test's reach) to remove `id` with its files. */
const swept = (id: number, dir: string) =>
  vi.waitFor(async () => {
    expect(await photoRow(id)).toBeUndefined();
    expect(fs.existsSync(dir)).toBe(false);
  }, WAIT);

/** Every photo a user saved, one of each kind, with the folder of its files. */
async function savedPhotos(): Promise<Array<{ kind: string; row: () => Promise<unknown>; dir: string }>> {
  const inAlbum = await uploadPending(t, token);
  expect((await post(t, token, `${ALBUMS}/upload`, { photo_ids: String(inAlbum), 'album[title]': 'Kept' })).status).toBe(200);
  const onAPost = await uploadPending(t, token);
  await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: onAPost });
  const composed = await post(t, token, `${ALBUMS}/compose_upload`, {}, { Filedata: await file() });
  expect(composed.status).toBe(200);
  const listing = await post(t, token, '/api/v1/classifieds', { title: 'Armchair', body: 'Green velvet' }, { photo: await file() });
  expect(listing.status).toBe(200);
  const more = await post(t, token, '/api/v1/classifieds/photos', { classified_id: listing.body.data.id }, { Filedata: await file() });
  expect(more.status).toBe(200);
  const event = await post(t, token, '/api/v1/events', { title: 'Picnic' }, { photo: await file() });
  expect(event.status).toBe(200);

  const photo = async (kind: string, id: number) => ({ kind, row: () => photoRow(id), dir: await photoFiles(id) });
  const listingPhotos = await t.db
    .selectFrom('classified_photos')
    .select(['id', 'image_key'])
    .where('classified_id', '=', listing.body.data.id)
    .execute();
  expect(listingPhotos).toHaveLength(2);
  const eventKey = (await t.db.selectFrom('events').select('image_key').where('id', '=', event.body.data.id).executeTakeFirstOrThrow())
    .image_key!;
  return [
    await photo('in an album', inAlbum),
    await photo('on a post', onAPost),
    await photo('compose_upload, in its special album', composed.body.data.photo_id),
    ...listingPhotos.map((p) => ({
      kind: "a listing's photo",
      dir: filesOf(p.image_key),
      row: () => t.db.selectFrom('classified_photos').select('id').where('id', '=', p.id).executeTakeFirst(),
    })),
    {
      kind: "an event's picture",
      dir: filesOf(eventKey),
      row: () => t.db.selectFrom('events').select('id').where('image_key', '=', eventKey).executeTakeFirst(),
    },
  ];
}

describe('the sweep of abandoned uploads', () => {
  it("removes a pending upload older than a day with its files on the timer's next run, with no new upload; a younger one stays its day", async () => {
    const abandoned = await uploadPending(t, token);
    const abandonedDir = await photoFiles(abandoned);
    await pass(12 * HOUR_MS);
    const younger = await uploadPending(t, await tokenFor(t.db, owner, ['albums']));
    const youngerDir = await photoFiles(younger);

    // A day and an hour after the first upload: the hourly sweep has run since it turned a day old.
    await pass(13 * HOUR_MS);
    await swept(abandoned, abandonedDir);
    expect((await get(t, await tokenFor(t.db, owner, ['albums']), `${ALBUMS}/photos/${abandoned}`)).status).toBe(404);
    expect(await photoRow(younger)).toMatchObject({ album_id: null });
    expect(fs.existsSync(youngerDir)).toBe(true);

    // The younger one's day is over twelve hours later.
    await pass(12 * HOUR_MS);
    await swept(younger, youngerDir);
  });

  it("never touches a saved photo, however old: in an album, on a post, from compose_upload, a listing's, an event's", async () => {
    const abandoned = await uploadPending(t, token);
    const abandonedDir = await photoFiles(abandoned);
    const saved = await savedPhotos();
    await pass(3 * DAY_MS);
    await swept(abandoned, abandonedDir);
    for (const s of saved) {
      expect(await s.row(), s.kind).toBeDefined();
      expect(fs.existsSync(s.dir), s.kind).toBe(true);
    }
  });

  it('runs when the server starts, before any tick of its timer', async () => {
    const abandoned = await uploadPending(t, token);
    const dir = await photoFiles(abandoned);
    vi.setSystemTime(Date.now() + DAY_MS);
    // A second server on the same database and files, as after a restart.
    const restarted = await buildApp({ config: t.config, db: t.db });
    await restarted.ready();
    await swept(abandoned, dir);
    await restarted.close();
  });

  it('runs every UPLOAD_SWEEP_SECONDS, an hour unless set, at least every second', () => {
    expect(loadConfig({}).uploadSweepSeconds).toBe(3600);
    expect(loadConfig({ UPLOAD_SWEEP_SECONDS: '600' }).uploadSweepSeconds).toBe(600);
    for (const bad of ['0', '-5', '1.5', 'hourly'])
      expect(() => loadConfig({ UPLOAD_SWEEP_SECONDS: bad }), bad).toThrow(/UPLOAD_SWEEP_SECONDS/);
  });

  it('takes every abandoned upload in one run, however many there are', async () => {
    // Rows alone (no files): what counts here is that none is left for a later run.
    const many = await Promise.all(Array.from({ length: 130 }, () => makePhoto(t.db, owner, null)));
    await t.db
      .updateTable('photos')
      .set({ album_id: await makeAlbum(t.db, owner) })
      .where('id', '=', many[129]!)
      .execute();
    vi.setSystemTime(Date.now() + DAY_MS);
    await vi.advanceTimersByTimeAsync(HOUR_MS);
    await vi.waitFor(async () => {
      const left = await t.db.selectFrom('photos').select('id').where('id', 'in', many).execute();
      expect(left.map((p) => p.id)).toEqual([many[129]]);
    }, WAIT);
  });
});
