import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Site search by type, newest first, on PostgreSQL (issue 50: a common word at a million rows).
 * The search index's rowid is an item's id × 8 plus its type's code (migration 010; negative for
 * the types indexed later), so one type's rows are interleaved with the others', and one GIN index
 * over all of them gave a word's matches in no order and for every type at once: a word in a
 * million posts was read, checked and sorted in full for a page of ten (1.3–1.9 s), and reading
 * one type's matches still walked every type's.
 *
 * Now db/search reads each type's newest matches on its own, with two indexes a type:
 * - `search_index_code`, a btree of (rowid % 8, rowid): a type's rows in order, which the planner
 *   walks from the newest for a word many of them hold, testing each and stopping at the limit;
 * - a GIN index of `doc` for each type's rows alone (partial), which it takes for a rarer word:
 *   only that type's matches, sorted.
 * The GIN index over every row goes: nothing else searches it. The codes are frozen here as they
 * were (db/search/codes.ts): a type indexed later adds its own partial index in its migration.
 * The expression is written as the queries write it (`rowid % 8`), for the planner to match them.
 * SQLite's FTS5 walks a term's rowids in order by itself: nothing to add there.
 */
const CODES = [0, 1, 2, 3, 4, 5, 6, 7, -1, -2];

export const m029: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`create index search_index_code on search_index ((rowid % 8), rowid)`.execute(db);
    for (const code of CODES)
      await sql`create index ${sql.id(`search_index_doc_${code < 0 ? `m${-code}` : code}`)} on search_index using gin (doc)
        where rowid % 8 = ${sql.lit(code)}`.execute(db);
    await sql`drop index search_index_doc`.execute(db);
    // The expression's statistics (each type's share of the rows) are what the planner weighs by.
    await sql`analyze search_index`.execute(db);
  },
};
