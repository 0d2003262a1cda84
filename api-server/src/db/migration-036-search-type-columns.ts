import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Site search on PostgreSQL: each type's words counted apart (issue 50). Migration 029 gave each
 * type its own GIN index and its own walk newest first, and the planner chooses between the two
 * by the word's frequency in the column's statistics. Those were of every type together: "coffee",
 * in a sixth of the posts, looked as common among the members, whose names never hold it, and the
 * members' 100,000 rows were walked whole for none (17.6 of a search's 31 ms at a million); a word
 * of five posts looked as rare in every type, which it is, but one frequent in the listings and
 * rare overall was read whole from the listings' GIN index and sorted.
 *
 * Now each type has a column of its own, `doc_<code>` (`doc_m1` for −1): its rows' `doc`, null in
 * the other types' rows, a stored generated column, so that every writer of `doc` (the triggers of
 * migrations 010, 017, 021 and 027) keeps it without change. A column's statistics are its own,
 * of its type's rows alone (PostgreSQL counts a tsvector's words among the rows that hold one),
 * and a search of one type names only its column: `doc_5 @@ query`, with no second condition on
 * the type whose selectivity the planner would multiply by (a word of the listings is a word of
 * a listing already). Each column has
 * - a GIN index, for a word its type holds rarely: only its matches, sorted;
 * - a btree index of the rowids of its type (where the column is not null, which the match
 *   implies), for a word many of its rows hold: walked from the newest, each tested, to the limit.
 * Both replace migration 029's indexes (`search_index_code`, the partial GIN indexes of `doc`).
 * The GIN indexes take each new row's words at once (`fastupdate = off`): by default they gather
 * them in a pending list, up to 4 MB, that every search reads whole until a vacuum sorts it in —
 * 3 ms of a search for a rare word at a million, where the groups' whole index was pending.
 * A post's words cost its write a few index pages instead.
 * `doc` itself stays as the triggers write it, without an index: one copy more of each row's words.
 *
 * Frozen: the codes are written here, as migration 029 wrote them; a type indexed later adds its
 * column and two indexes in its own migration.
 */
const CODES = [0, 1, 2, 3, 4, 5, 6, 7, -1, -2];
const tagOf = (code: number) => (code < 0 ? `m${-code}` : String(code));

export const m036: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    // One statement: the table is written again once for all ten columns.
    const columns = CODES.map(
      (code) => sql`add column ${sql.id(`doc_${tagOf(code)}`)} tsvector
        generated always as (case when rowid % 8 = ${sql.lit(code)} then doc end) stored`,
    );
    await sql`alter table search_index ${sql.join(columns, sql`, `)}`.execute(db);
    // A tenfold sample (300,000 rows): a type of a twentieth of the rows is judged from 15,000 of
    // its own, and each column counts up to 10,000 words.
    const targets = CODES.map((code) => sql`alter column ${sql.id(`doc_${tagOf(code)}`)} set statistics 1000`);
    await sql`alter table search_index ${sql.join(targets, sql`, `)}`.execute(db);
    await sql`drop index search_index_code`.execute(db);
    for (const code of CODES) {
      const column = sql.id(`doc_${tagOf(code)}`);
      await sql`drop index ${sql.id(`search_index_doc_${tagOf(code)}`)}`.execute(db);
      await sql`create index ${sql.id(`search_index_doc_${tagOf(code)}`)} on search_index using gin (${column})
        with (fastupdate = off) where ${column} is not null`.execute(db);
      await sql`create index ${sql.id(`search_index_rows_${tagOf(code)}`)} on search_index (rowid)
        where ${column} is not null`.execute(db);
    }
    await sql`analyze search_index`.execute(db);
  },
};
