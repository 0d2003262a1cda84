import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { DB } from '../index.ts';
import { dialectOf } from '../dialect.ts';
import { postgresSearchIndex } from './postgres-fts.ts';
import { sqliteSearchIndex } from './sqlite-fts.ts';

/**
 * Site search's one door to the database's full-text index (GET /core/search). Callers say what
 * to look for (terms) and, per item type, which rows the reader may find (sources, plain SQL any
 * database runs); the index — SQLite FTS5 (migration 010, sqlite-fts.ts) or a tsvector on PostgreSQL
 * (postgres-fts.ts) — does
 * the matching and the ranking.
 */

/** One thing every match must contain: a word (`prefix`: or a word it begins) or a quoted phrase. */
export interface SearchTerm {
  text: string;
  phrase: boolean;
  prefix: boolean;
}

/** The rows of one type the reader may find, joined to the index's hits by `id`. */
export interface SearchSource {
  type: string;
  /** The FROM clause of the type's rows: `blogs b`, or a join (`photos p join albums a on …`). */
  from: RawBuilder<unknown>;
  id: RawBuilder<number>;
  /** Unix seconds: the item's creation, for "newer first". */
  date: RawBuilder<number>;
  /** 1 for a closed listing, which ranks below open items; absent: never closed. */
  closed?: RawBuilder<number>;
  /** Who may find a row. */
  where: RawBuilder<SqlBool> | Expression<SqlBool>;
}

export interface SearchRequest {
  terms: readonly SearchTerm[];
  sources: readonly SearchSource[];
  /** The one type to page through; every source is counted whatever it is. */
  type: string | null;
  /**
   * relevance: open before closed, then matches of the whole query in the title before the
   * others, then newer first; newest: newer first.
   */
  sort: 'relevance' | 'newest';
  limit: number;
  offset: number;
}

export interface SearchHit {
  type: string;
  id: number;
  date: number;
  closed: boolean;
  /** The item's body as the index holds it (plain text), for an excerpt around the matches. */
  body: string;
}

export interface SearchResult {
  /** Matches the reader may find, by type (a type without any is absent). */
  counts: Map<string, number>;
  hits: SearchHit[];
}

export interface SearchIndex {
  search(db: DB, request: SearchRequest): Promise<SearchResult>;
}

/** The index of this server's database. */
export const searchIndex: SearchIndex = {
  search: (db, request) => (dialectOf(db) === 'postgres' ? postgresSearchIndex : sqliteSearchIndex).search(db, request),
};
