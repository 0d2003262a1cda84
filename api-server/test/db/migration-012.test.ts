import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DB, openDatabase } from '../../src/db/index.ts';
import { migrate } from '../../src/db/migrations.ts';
import { nodeSqliteDialect, openSqlite } from '../../src/db/sqlite-driver.ts';
import type { Database } from '../../src/db/types.ts';
import { storeImage } from '../../src/storage/images.ts';
import { tokenFor } from '../helpers.ts';
import { get } from '../routes/fixtures.ts';

// Pictures stored before migration 012 had no size kept: opening the database reads their files.
let dir: string;
let db: DB;
let app: FastifyInstance;
let token: string;
let listing: number, event: number, bare: number;

const common = { auth_view: 'everyone', auth_comment: 'everyone', created_at: 1, updated_at: 1 } as const;

// Not the fixture: the database is made by hand at the schema before migration 012.
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migration-'));
  const old = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(path.join(dir, 'social.sqlite'))) });
  await migrate(old, '011_friend_requests');
  const user = (
    await old
      .insertInto('users')
      .values({
        email: 'old@example.com',
        password_hash: 'x',
        full_name: 'Old Timer',
        user_name: 'old',
        gender: '',
        country_iso: '',
        joined: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A photo stored sideways (EXIF orientation 6): it shows 200 wide and 300 high.
  const sideways = await storeImage(
    dir,
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c84' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );
  const wide = await storeImage(
    dir,
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#48c' } })
      .png()
      .toBuffer(),
  );
  listing = (
    await old
      .insertInto('classifieds')
      .values({
        ...common,
        owner_id: user,
        title: 'Old chair',
        body: 'Oak.',
        category_id: null,
        price_cents: null,
        location: '',
        is_closed: 0,
        main_photo_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Rows written as the code before 012 wrote them: no size columns.
  await old
    .insertInto('classified_photos')
    .values({ classified_id: listing, image_key: sideways.key, description: 'Seat', created_at: 1 })
    .execute();
  // A photo whose files are gone: it keeps no size, and the answer still holds it.
  await old
    .insertInto('classified_photos')
    .values({ classified_id: listing, image_key: 'f'.repeat(32) + '.jpg', description: '', created_at: 1 })
    .execute();
  const eventRow = (title: string, image_key: string | null) => ({
    ...common,
    owner_id: user,
    title,
    description: '',
    category_id: null,
    start_time: 2_000_000_000,
    end_time: 2_000_003_600,
    timezone: 'UTC',
    host: '',
    location: '',
    allow_search: 1,
    auth_invite: 1,
    approval: 0,
    auth_photo: 'everyone' as const,
    image_key,
  });
  event = (await old.insertInto('events').values(eventRow('Old party', wide.key)).returning('id').executeTakeFirstOrThrow()).id;
  bare = (await old.insertInto('events').values(eventRow('No picture', null)).returning('id').executeTakeFirstOrThrow()).id;
  await old.destroy();

  db = (await openDatabase({ dataDir: dir })).db;
  app = await buildApp({ config: loadConfig({}, { dataDir: dir }), db });
  await app.ready();
  token = await tokenFor(db, user);
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const t = () => ({ app }) as Parameters<typeof get>[0];

describe('migration 012: picture sizes', () => {
  it("fills a listing photo's size from its file, as it shows (EXIF orientation applied)", async () => {
    const res = await get(t(), token, `/api/v1/classifieds/${listing}`, { fields: 'id,photos' });
    expect(res.body.data.photos).toEqual([
      expect.objectContaining({ description: 'Seat', width: 200, height: 300 }),
      // Its file is missing: no size is made up.
      expect.objectContaining({ description: '', width: null, height: null }),
    ]);
  });

  it("fills an event picture's size, and gives an event without one none", async () => {
    const fields = 'id,img_width,img_height,img_description';
    expect((await get(t(), token, `/api/v1/events/${event}`, { fields })).body.data).toEqual({
      id: event,
      img_width: 640,
      img_height: 360,
      img_description: '',
    });
    expect((await get(t(), token, `/api/v1/events/${bare}`, { fields })).body.data).toEqual({
      id: bare,
      img_width: null,
      img_height: null,
      img_description: '',
    });
  });
});
