import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { transact } from '../../src/db/dialect.ts';

// SQLite's transactions take the write lock when they begin (db/sqlite-driver.ts): a transaction
// that reads and then writes is not failed by another process writing in between. On SQLite in
// either project: this is the SQLite driver's own behaviour.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-trx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('a transaction that read before another connection wrote still commits its write; the other waits its turn', async () => {
  const { db } = await openDatabase({ dataDir: dir });
  // Another process on the same file, told at once rather than after busy_timeout (one thread here).
  const other = new DatabaseSync(path.join(dir, 'social.sqlite'));
  other.exec('PRAGMA busy_timeout = 0');
  await db.insertInto('categories').values({ module: 'blog', title: 'First' }).execute();
  let outsider = '';
  await transact(db, async (trx) => {
    await trx.selectFrom('categories').selectAll().execute();
    try {
      other.exec(`insert into categories (module, title) values ('blog', 'Outsider')`);
      outsider = 'written';
    } catch (e) {
      outsider = (e as Error).message;
    }
    await trx.insertInto('categories').values({ module: 'blog', title: 'Second' }).execute();
  });
  expect(outsider).toMatch(/locked|busy/i);
  // Its turn comes once the transaction is done.
  other.exec(`insert into categories (module, title) values ('blog', 'Outsider')`);
  const titles = (await db.selectFrom('categories').select('title').where('module', '=', 'blog').orderBy('id').execute()).map(
    (r) => r.title,
  );
  expect(titles.slice(-3)).toEqual(['First', 'Second', 'Outsider']);
  other.close();
  await db.destroy();
});
