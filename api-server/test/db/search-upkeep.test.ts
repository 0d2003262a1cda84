import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DB } from '../../src/db/index.ts';
import { settleSearchIndex } from '../../src/db/search/index.ts';
import { outOfShape, shapeOf, SEARCH_TABLES, upkeepStep } from '../../src/db/search/sqlite-upkeep.ts';
import { createUser, searchHits } from '../helpers.ts';
import { insertActivity } from '../routes/fixtures.ts';

// SQLite's search tables kept in shape (db/search/sqlite-upkeep.ts): a table written by many
// transactions is in many FTS5 segments, which every search walks; the upkeep merges them a
// bounded step at a time, and search finds the same. On SQLite in either project: this is the
// SQLite index's own property.

const POSTS = 'search_fts_activity';
const dirs: string[] = [];

/** A SQLite site with `n` posts, each written in a transaction of its own (as a live site writes them). */
async function siteWithPosts(n: number): Promise<{ db: DB; dir: string; owner: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-upkeep-'));
  dirs.push(dir);
  const { db } = await openDatabase({ dataDir: dir });
  const owner = (await createUser(db)).id;
  for (let i = 0; i < n; i += 1)
    await insertActivity(db, { owner, content: `upkeepword number ${i} ${'filler '.repeat(i % 40)} post${i}` });
  return { db, dir, owner };
}

/** The segments of a table as FTS5's own index of their pages has them (not the structure record). */
async function segmentIds(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct segid) as n from ${sql.table(`${table}_idx`)}`.execute(db);
  return Number(rows[0]!.n);
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a table written by many transactions', () => {
  let db: DB;
  let owner: number;
  beforeAll(async () => {
    ({ db, owner } = await siteWithPosts(300));
  });
  afterAll(() => db.destroy());

  it('is read as FTS5 holds it, and is out of shape', async () => {
    const shape = await shapeOf(db, POSTS);
    expect(shape.segments.length).toBeGreaterThan(1);
    expect(shape.segments.length).toBe(await segmentIds(db, POSTS));
    expect(outOfShape(shape)).toBe(true);
  });

  it('is merged into one segment in bounded steps, and search finds the same', async () => {
    const before = await searchHits(db, owner, 'upkeepword');
    const rare = await searchHits(db, owner, 'post123');
    expect(before).toHaveLength(10);
    expect(rare).toHaveLength(1);
    let steps = 0;
    // Two pages a step: the merge takes several, each a bounded part of the work.
    while (await upkeepStep(db, POSTS, 2)) {
      steps += 1;
      expect(steps).toBeLessThan(1000);
    }
    expect(steps).toBeGreaterThan(1);
    const after = await shapeOf(db, POSTS);
    expect(after.segments).toHaveLength(1);
    expect(after.merging).toBe(false);
    expect(await segmentIds(db, POSTS)).toBe(1);
    expect(await searchHits(db, owner, 'upkeepword')).toEqual(before);
    expect(await searchHits(db, owner, 'post123')).toEqual(rare);
    // In shape, a step does nothing.
    expect(await upkeepStep(db, POSTS)).toBe(false);
  });

  it('is let be while the segments beside the largest hold less than an eighth of it', async () => {
    await insertActivity(db, { owner, content: 'upkeepword one more' });
    const shape = await shapeOf(db, POSTS);
    expect(shape.segments.length).toBe(2);
    expect(outOfShape(shape)).toBe(false);
    expect(await upkeepStep(db, POSTS)).toBe(false);
    expect((await searchHits(db, owner, 'upkeepword'))[0]).toMatch(/^activity:/);
  });
});

it('the server merges its search tables by itself while it runs', async () => {
  const { db, dir } = await siteWithPosts(120);
  expect(outOfShape(await shapeOf(db, POSTS))).toBe(true);
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }), db });
  await app.ready();
  try {
    await vi.waitFor(async () => expect((await shapeOf(db, POSTS)).segments).toHaveLength(1), { timeout: 15_000, interval: 200 });
  } finally {
    await app.close();
  }
});

it('a bulk load ends with every search table in one segment', async () => {
  const { db } = await siteWithPosts(120);
  try {
    await settleSearchIndex(db);
    for (const table of SEARCH_TABLES) expect((await shapeOf(db, table)).segments.length).toBeLessThanOrEqual(1);
    expect(await segmentIds(db, POSTS)).toBe(1);
  } finally {
    await db.destroy();
  }
});
