import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../src/db/index.ts';
import { createUser } from '../helpers.ts';

// SQLite prepares a statement again on every run when its LIMIT is a bound parameter, which undoes
// the driver's kept statements (db/sqlite-driver.ts LiteralLimitCompiler): a whole-number LIMIT is
// written into the text. On SQLite in either project: this is the SQLite driver's own property.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-limits-'));
let db: DB;
const ids: number[] = [];

beforeAll(async () => {
  ({ db } = await openDatabase({ dataDir: dir }));
  for (let i = 0; i < 4; i += 1) ids.push((await createUser(db)).id);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes a whole-number limit into the statement and keeps the offset a parameter', () => {
  const query = db.selectFrom('users').select('id').orderBy('id').limit(3).offset(1).compile();
  expect(query.sql).toMatch(/ limit 3 offset \?$/);
  expect(query.parameters).toEqual([1]);
});

it('still limits and offsets the rows read, in subqueries too', async () => {
  const page = await db.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').limit(2).offset(1).execute();
  expect(page.map((r) => r.id)).toEqual(ids.slice(1, 3));
  const newest = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id', 'desc').limit(1))
    .execute();
  expect(newest.map((r) => r.id)).toEqual([ids[3]]);
  // A limit that is not a whole number stays a parameter (SQLite reads it as the driver binds it).
  const query = db
    .selectFrom('users')
    .select('id')
    .limit(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')))
    .compile();
  expect(query.sql).toMatch(/limit \(select count\(\*\)/);
});
