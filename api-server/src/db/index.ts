import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { nodeSqliteDialect, openSqlite } from './sqlite-driver.ts';
import { migrate } from './migrations.ts';
import { fillPictureSizes } from '../storage/picture-sizes.ts';
import type { Database } from './types.ts';

export type DB = Kysely<Database>;

function dbFile(dataDir: string): string {
  return path.join(dataDir, 'social.sqlite');
}

/** Opens (creating when new) the database in dataDir and brings its schema up to date. */
export async function openDatabase(dataDir: string): Promise<{ db: DB; isNew: boolean }> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = dbFile(dataDir);
  const isNew = !fs.existsSync(file);
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(file)) });
  await migrate(db);
  await fillPictureSizes(db, dataDir);
  return { db, isNew };
}

export const now = (): number => Math.floor(Date.now() / 1000);
