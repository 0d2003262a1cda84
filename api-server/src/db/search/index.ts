import { dialectOf } from '../dialect.ts';
import { postgresSearchIndex } from './postgres-fts.ts';
import { sqliteSearchIndex } from './sqlite-fts.ts';
import { optimizeSearchTables, searchTablesUpkeep } from './sqlite-upkeep.ts';
import type { DB } from '../index.ts';
import type { SearchIndex } from './types.ts';

/**
 * Site search's one door to the database's full-text index (GET /core/search). Callers say what
 * to look for (terms) and, per item type, which rows the reader may find (sources, plain SQL any
 * database runs); the index — SQLite FTS5 (migration 010, sqlite-fts.ts) or a tsvector on PostgreSQL
 * (postgres-fts.ts) — does
 * the matching and the ranking.
 */

/** The index of this server's database. */
export const searchIndex: SearchIndex = {
  search: (db, request) => (dialectOf(db) === 'postgres' ? postgresSearchIndex : sqliteSearchIndex).search(db, request),
};

/**
 * The index's own upkeep while the server runs: on SQLite its FTS5 tables merged a step at a time
 * when they fall out of shape (sqlite-upkeep.ts); on PostgreSQL nothing (autovacuum keeps the GIN
 * indexes).
 */
export function searchIndexUpkeep(db: DB, warn: (err: unknown) => void): { start: () => void; stop: () => Promise<void> } {
  if (dialectOf(db) === 'postgres') return { start: () => {}, stop: async () => {} };
  return searchTablesUpkeep(db, warn);
}

/** After a bulk load: the index in its best shape at once (SQLite: each FTS5 table in one segment). */
export async function settleSearchIndex(db: DB): Promise<void> {
  if (dialectOf(db) === 'sqlite') await optimizeSearchTables(db);
}
