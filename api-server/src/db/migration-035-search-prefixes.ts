import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Site search on SQLite: prefix indexes (issue 50). Every word of three or more letters a person
 * types also finds the words it begins (domain/search.ts: "lyo" finds "Lyon"). Without a prefix
 * index, FTS5 answers `"coffee"*` by reading the doclist of every word that begins so and merging
 * them in memory before it yields the first rowid, so the newest 500 matches cost every match: 6.4
 * ms for the posts at a million (200,000 hold "coffee"), against 0.16 for the word alone. With
 * `prefix='3 4 5 6 7 8'` FTS5 also keeps a doclist for each start of 3 to 8 letters of every word,
 * which it walks newest first and stops at the limit like a word's (0.16 ms). A typed word of 9
 * letters or more is still merged; such words are rarer, and their matches fewer. The cost is
 * the index's size: about twice the posts' table (148 → 291 MB at a million, with its text).
 *
 * FTS5 takes its options when the table is made: each type's table is made again with them, its
 * rows copied (10 s for a million posts here), and the triggers that keep it (migration 034) made
 * again as they stand. Frozen: the types are written here, as migration 034 wrote them.
 * PostgreSQL matches prefixes on its GIN indexes (migration 029): nothing to do there.
 */
const TYPES = ['group', 'user', 'album', 'photo', 'blog', 'classified', 'event', 'activity', 'video', 'music_playlist'] as const;

export const m035: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'trigger' and sql like '%search_fts_%'`.execute(db);
    for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
    for (const type of TYPES) {
      const table = `search_fts_${type}`;
      const old = sql.table(`${table}_old`);
      await sql`alter table ${sql.table(table)} rename to ${old}`.execute(db);
      await sql`create virtual table ${sql.table(table)} using fts5(title, body, extra,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6 7 8')`.execute(db);
      await sql`insert into ${sql.table(table)} (rowid, title, body, extra) select rowid, title, body, extra from ${old}`.execute(db);
      await sql`drop table ${old}`.execute(db);
    }
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
  },
};
