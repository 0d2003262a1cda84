import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { nodeSqliteDialect, openSqlite } from './sqlite-driver.ts';
import { postgresDialect } from './postgres-driver.ts';
import { migrate } from './migrations.ts';
import { fillPictureSizes } from '../storage/picture-sizes.ts';
import type { Database, DB } from './types.ts';

export type { DB };

function dbFile(dataDir: string): string {
  return path.join(dataDir, 'social.sqlite');
}

export interface DatabaseLocation {
  /** SQLite's file lives here when databaseUrl is not set. */
  dataDir: string;
  /** postgres://… : PostgreSQL (config.ts DATABASE_URL). */
  databaseUrl?: string | null;
}

/**
 * Opens (creating when new) the API's database — PostgreSQL at databaseUrl, otherwise SQLite in
 * dataDir — and brings its schema up to date. `isNew`: it held no schema before.
 */
export async function openDatabase({ dataDir, databaseUrl }: DatabaseLocation): Promise<{ db: DB; isNew: boolean }> {
  if (databaseUrl) {
    const db = new Kysely<Database>({ dialect: postgresDialect(databaseUrl).dialect });
    const { rows } = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
    await migrate(db);
    // The files are in dataDir whichever database holds their rows.
    await fillPictureSizes(db, dataDir);
    return { db, isNew: rows[0]?.t == null };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = dbFile(dataDir);
  const isNew = !fs.existsSync(file);
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(file)) });
  await migrate(db);
  await fillPictureSizes(db, dataDir);
  return { db, isNew };
}

export const now = (): number => Math.floor(Date.now() / 1000);
