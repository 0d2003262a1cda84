import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { insertClassified } from '../routes/fixtures.ts';
import { createUser } from '../helpers.ts';

// The SQLite file is read by more than this app's connections: the sqlite3 shell of whoever runs
// the site, a backup's check, the end-to-end tests' read-only look at a member's rows. None of them
// has the functions the app registers (db/sqlite-driver.ts: search_fold, …), so no column may need
// one to be read (a virtual generated column would: migration 031 keeps its folded location in a
// plain column instead). On SQLite in either project: this is the SQLite file's own property.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-plain-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('every table reads with select * on a connection that has none of the app’s functions', async () => {
  const { db } = await openDatabase({ dataDir: dir });
  const owner = (await createUser(db)).id;
  await insertClassified(db, owner, { location: 'Zürich' });
  await db.destroy();
  const plain = new DatabaseSync(path.join(dir, 'social.sqlite'), { readOnly: true });
  try {
    const tables = plain.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{
      name: string;
    }>;
    expect(tables.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { name } of tables) {
      try {
        plain.prepare(`select * from "${name}"`).all();
      } catch (e) {
        failures.push(`${name}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(plain.prepare('select location_fold from classifieds').all()).toEqual([{ location_fold: 'zurich' }]);
  } finally {
    plain.close();
  }
});
