import { dialectOf } from '../dialect.ts';
import { postgresSearchIndex } from './postgres-fts.ts';
import { sqliteSearchIndex } from './sqlite-fts.ts';
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
