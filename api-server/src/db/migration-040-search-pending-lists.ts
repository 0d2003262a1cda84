import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The most a GIN index of the search keeps pending, in kB: PostgreSQL's least (its default is 4 MB). */
export const SEARCH_PENDING_KB = 64;

/**
 * On PostgreSQL, each type's GIN index of the search's words (migration 036) gathers new rows in a
 * pending list of at most SEARCH_PENDING_KB, and sorts it into the index when it is full, instead
 * of taking each row's words into the index as it is written (`fastupdate = off`, migration 036).
 * Taken one by one, a post's dozen words cost a walk down each word's tree, longer as the site
 * grows: the search trigger of a post 0.12–0.25 ms at a thousand rows, 0.24–0.74 at a million, and
 * a post's insert 0.59 ms at the median there against 0.38 at a thousand. Sorted in a list's worth at a
 * time, each word is walked once for all the rows that hold it: the insert 0.38–0.46 ms at a million
 * (0.32–0.35 at a thousand), its p99 3.7 → 1.7–2.0 ms and its slowest of 600 13 → 3–4 ms, the one
 * that sorts the list in included (the kept million-row site, 2026-12-06; docs/performance.md).
 * Migration 036 turned the list off because every search reads it whole: at PostgreSQL's default of
 * 4 MB, a bulk load's whole groups index was pending and cost a rare-word search 3 ms. At 64 kB it
 * is a few pages (a rare-word search 0.30–0.36 ms with it or without). SQLite has no such index.
 */
export const m040: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    const { rows } = await sql<{ name: string }>`select i.indexname as name from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = 'search_index' and i.indexdef like '% USING gin %'
      order by 1`.execute(db);
    for (const { name } of rows)
      await sql`alter index ${sql.id(name)} set (fastupdate = on, gin_pending_list_limit = ${sql.lit(SEARCH_PENDING_KB)})`.execute(db);
  },
};
