import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Site search on SQLite: one FTS5 table a type instead of one for all (issue 50). A search reads
 * each type's newest matches of its words (db/search/sqlite-fts.ts); in the one table that was
 * `rowid % 8 = code … order by rowid desc limit 500`, and FTS5 can only walk a word's whole doclist
 * testing each rowid for a type that holds the word rarely or not at all: a common word at a
 * million (200,000 posts hold "coffee") cost 34× what it cost at a thousand, nine types, nine walks.
 * In a table of its own, a type's doclist holds that type's matches alone, and the walk stops at
 * the limit. PostgreSQL has had a GIN index a type since migration 029: nothing to do there.
 *
 * The rowids stay as they were (an item's id × 8 + its type's code, or −(id × 8 − code) for the
 * types counted down), so a hit still names its type and id. Every trigger of migrations 010,
 * 017, 021 and 027 keeps one type's rows and is named after it (`search_<type>_…`): each is made
 * again as it stands in the schema, writing to its type's table. Frozen: the names and codes are
 * written here, as migration 010 wrote them.
 */
const CODES = {
  group: 0,
  user: 1,
  album: 2,
  photo: 3,
  blog: 4,
  classified: 5,
  event: 6,
  activity: 7,
  video: -1,
  music_playlist: -2,
} as const;
type Type = keyof typeof CODES;

/** The type a trigger keeps, by the word after `search_` in its name. */
const TRIGGER_TYPES: Record<string, Type> = {
  group: 'group',
  user: 'user',
  album: 'album',
  photo: 'photo',
  blog: 'blog',
  classified: 'classified',
  event: 'event',
  activity: 'activity',
  video: 'video',
  playlist: 'music_playlist',
};

const tableOf = (type: Type) => `search_fts_${type}`;

export const m034: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    for (const [type, code] of Object.entries(CODES) as [Type, number][]) {
      const table = sql.table(tableOf(type));
      await sql`create virtual table ${table} using fts5(title, body, extra, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      await sql`insert into ${table} (rowid, title, body, extra)
        select rowid, title, body, extra from search_index where rowid % 8 = ${sql.lit(code)}`.execute(db);
    }
    const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'trigger' and sql like '%search_index%'`.execute(db);
    for (const trigger of rows) {
      const type = TRIGGER_TYPES[/^search_([a-z]+)_/.exec(trigger.name)?.[1] ?? ''];
      if (!type) throw new Error(`migration 034: the trigger ${trigger.name} keeps the search index for no type it knows`);
      await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
      await sql.raw(trigger.sql.replace(/\bsearch_index\b/g, tableOf(type))).execute(db);
    }
    await sql`drop table search_index`.execute(db);
  },
};
