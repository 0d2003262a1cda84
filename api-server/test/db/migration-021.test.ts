import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrations.ts';
import type { Database } from '../../src/db/types.ts';
import { openTestDatabase, type TestDatabase } from '../fixture.ts';
import { insertVideo } from '../routes/fixtures.ts';
import { createUser, searchHits } from '../helpers.ts';

// A database made before migration 021: the videos it already had are found by search, tags
// included, and are listed as before (none is unlisted).

let dir: string;
let database: TestDatabase;
let db: Kysely<Database>;
let owner: number, video: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migration-'));
  database = await openTestDatabase(dir, 'bare');
  db = database.db;
  await migrate(db, '018_videos');
  owner = (await createUser(db)).id;
  // Written without the column migration 021 adds, as a row of before it.
  video = await insertVideo(db, owner, { title: 'Old lighthouse', description: 'Waves at night' });
  const tag = (await db.insertInto('tags').values({ title: 'brittany' }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('item_tags').values({ item_type: 'video', item_id: video, tag_id: tag }).execute();
  await migrate(db);
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const find = (keywords: string) => searchHits(db, owner, keywords);

describe('migration 021: videos in posts and in search', () => {
  it('indexes the videos that were there before it, by title, description and tags; none is unlisted', async () => {
    expect(await find('lighthouse')).toEqual([`video:${video}`]);
    expect(await find('waves night')).toEqual([`video:${video}`]);
    expect(await find('brittany')).toEqual([`video:${video}`]);
    const row = await db.selectFrom('videos').select('unlisted').where('id', '=', video).executeTakeFirstOrThrow();
    expect(Number(row.unlisted)).toBe(0);
  });
});
