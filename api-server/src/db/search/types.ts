import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { DB } from '../types.ts';

// What site search asks of the database's full-text index and what it answers (db/search/index.ts
// is the door; sqlite-fts.ts and postgres-fts.ts the two forms behind it).

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
  /** Matches the reader may find, by type (a type without any is absent), among those looked at. */
  counts: Map<string, number>;
  /** The types with more matches than were looked at (SEARCH_CANDIDATES): their counts are "at least". */
  more: Set<string>;
  hits: SearchHit[];
}

export interface SearchIndex {
  search(db: DB, request: SearchRequest): Promise<SearchResult>;
}
