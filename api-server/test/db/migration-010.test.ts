import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M010_CODE_SPAN, M010_SEARCH_CODES } from '../../src/db/migration-010-search-index.ts';
import { M017_GROUP_CODE } from '../../src/db/migration-017-groups.ts';
import { M021_VIDEO_CODE } from '../../src/db/migration-021-video-posts.ts';
import { M027_PLAYLIST_CODE } from '../../src/db/migration-027-music-search.ts';
import { migrate } from '../../src/db/migrations.ts';
import { openTestDatabase, type TestDatabase } from '../fixture.ts';
import { searchHits } from '../helpers.ts';
import { insertSearchableRows } from './searchable-rows.ts';
import { SEARCH_CODE_SPAN, SEARCH_CODES } from '../../src/db/search/codes.ts';
import { searchIndex } from '../../src/db/search/index.ts';
import type { Database } from '../../src/db/types.ts';
import { parseKeywords, searchSources } from '../../src/domain/search.ts';

// A database made before migration 010: the search index must hold what it already had.
let dir: string;
let database: TestDatabase;
let db: Kysely<Database>;
let user: number, blog: number, listing: number;

// A database without any schema (the fixture's 'bare'), made by hand at the schema before migration 010.
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migration-'));
  database = await openTestDatabase(dir, 'bare');
  db = database.db;
  await migrate(db, '009_event_feeds');
  ({ user, blog, listing } = await insertSearchableRows(db));
  await migrate(db);
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const find = (keywords: string) => searchHits(db, user, keywords);

describe('migration 010: the search index', () => {
  it('indexes the rows that were there before it: names, titles, bodies as text, locations, tags', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${user}`]);
    expect(await find('lavender fields bees')).toEqual([`blog:${blog}`]);
    expect(await find('besancon heirloom')).toEqual([`classified:${listing}`]);
  });

  it('indexes the text of HTML bodies, not their markup or entities', async () => {
    expect(await find('amp')).toEqual([]);
    expect(await find('lavenderfields')).toEqual([]);
    const [hit] = (
      await searchIndex.search(db, {
        terms: parseKeywords('bees'),
        sources: searchSources(user),
        type: null,
        sort: 'relevance',
        limit: 1,
        offset: 0,
      })
    ).hits;
    expect(hit!.body).toBe('Lavender fields & bees');
  });

  it('wrote the rowid codes the live search reads the index with (the migration keeps its own frozen copy)', () => {
    // Migration 017 adds groups at the code migration 010 left free.
    expect({ ...M010_SEARCH_CODES, group: M017_GROUP_CODE, video: M021_VIDEO_CODE, music_playlist: M027_PLAYLIST_CODE }).toEqual(
      SEARCH_CODES,
    );
    expect(M010_CODE_SPAN).toBe(SEARCH_CODE_SPAN);
  });
});
