import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Site search (GET /core/search, docs/api.md, "Extensions": Search): one SQLite FTS5 index over every
// searchable thing, kept current by triggers, so that every create, edit and delete — by any
// write path, in its own statement's transaction, cascades included — updates it. The index
// holds text only; who may find a row is decided at query time from the item's own table
// (db/search/sqlite-fts.ts), so a change of privacy needs no reindexing.
//
// Columns: `title`; `body` (the body, caption or description, whose excerpt a result shows);
// `extra` (tags, a listing's location, an event's location and host, a post's link).
// unicode61 with remove_diacritics 2 folds case and accents ("diaz" finds "Díaz"). The rowid
// names the item: its id × 8 + its type's code (SEARCH_CODES), so that a trigger finds an
// item's row by key and a query its type and id without reading the row. Bodies stored as HTML
// go through search_text() (registered on every connection by sqlite-driver.ts): tags and
// entities are not words anyone searches for.
//
// This is the SQLite form; PostgreSQL gets the same table and triggers with a tsvector and a GIN
// index instead of FTS5 (createPostgresSearchIndex below), behind the same query interface
// (db/search/index.ts, which reads the index: db/search/sqlite-fts.ts and postgres-fts.ts).
//
// Frozen: a migration holds the DDL it ran and imports nothing of the live code (the lint's
// boundaries rule keeps it so), so that changing the search code never changes what this
// migration did. The rowid codes below are the ones db/search/codes.ts reads the index with
// (api-server/test/db/migration-010.test.ts holds the two equal); a change to what is indexed
// is a new migration.

type Dialect = 'sqlite' | 'postgres';

/** The code of each indexed type in the index's rowids (id × 8 + code), as this migration wrote them. */
const SEARCH_CODES = { user: 1, album: 2, photo: 3, blog: 4, classified: 5, event: 6, activity: 7 } as const;
const SEARCH_CODE_SPAN = 8;
export { SEARCH_CODES as M010_SEARCH_CODES, SEARCH_CODE_SPAN as M010_CODE_SPAN };

interface Indexed {
  type: keyof typeof SEARCH_CODES;
  table: string;
  /** Columns whose change changes the indexed text. */
  columns: string[];
  /** The indexed text of row `x` of `table`. */
  title: string;
  body: string;
  extra: string;
  /** Its keyword tags (item_tags) are indexed in `extra` too. */
  tagged?: boolean;
}

const tagsOf = (type: string) =>
  `coalesce((select ${CONCAT} from item_tags it join tags t on t.id = it.tag_id
    where it.item_type = '${type}' and it.item_id = x.id), '')`;
/** The tags' titles, space-separated (written so because the aggregate's name differs). */
const CONCAT = '{{concat_tags}}';

/** What the index holds of each type, in SQL that either database runs. */
function indexedTypes(dialect: Dialect): Indexed[] {
  const concat = dialect === 'postgres' ? `string_agg(t.title, ' ')` : `group_concat(t.title, ' ')`;
  return INDEXED.map((t) => ({ ...t, extra: t.extra.replaceAll(CONCAT, concat) }));
}

const INDEXED: Indexed[] = [
  { type: 'user', table: 'users', columns: ['full_name'], title: 'x.full_name', body: `''`, extra: `''` },
  { type: 'album', table: 'albums', columns: ['title', 'description'], title: 'x.title', body: 'x.description', extra: `''` },
  { type: 'photo', table: 'photos', columns: ['title', 'description'], title: 'x.title', body: 'x.description', extra: `''` },
  {
    type: 'blog',
    table: 'blogs',
    columns: ['title', 'body'],
    title: 'x.title',
    body: 'search_text(x.body)',
    extra: tagsOf('blog'),
    tagged: true,
  },
  {
    type: 'classified',
    table: 'classifieds',
    columns: ['title', 'body', 'location'],
    title: 'x.title',
    body: 'search_text(x.body)',
    extra: `x.location || ' ' || ${tagsOf('classified')}`,
    tagged: true,
  },
  {
    type: 'event',
    table: 'events',
    columns: ['title', 'description', 'location', 'host'],
    title: 'x.title',
    body: 'x.description',
    extra: `x.location || ' ' || x.host`,
  },
  {
    type: 'activity',
    table: 'activities',
    columns: ['content', 'link_title', 'link_description'],
    title: `''`,
    body: 'search_text(x.content)',
    extra: `coalesce(x.link_title, '') || ' ' || coalesce(x.link_description, '')`,
  },
];

/** Indexes the rows of `t` that `where` selects (x is the row). */
const indexRows = (t: Indexed, where: string) =>
  `insert into search_index (rowid, title, body, extra)
    select x.id * ${SEARCH_CODE_SPAN} + ${SEARCH_CODES[t.type]}, ${t.title}, ${t.body}, ${t.extra} from ${t.table} x where ${where};`;
const unindex = (t: Indexed, id: string) => `delete from search_index where rowid = ${id} * ${SEARCH_CODE_SPAN} + ${SEARCH_CODES[t.type]};`;

// The PostgreSQL form: the table `search_index` as on SQLite (rowid = an item's
// id × SEARCH_CODE_SPAN + its type's code; title, body, extra), with a tsvector of the three
// (`doc`, GIN-indexed) and one of the title alone (`title_doc`, for "in the title" ranking).
//
// Matching is FTS5's unicode61 with remove_diacritics (the SQLite form), rebuilt with
// PostgreSQL's parts: text search configuration `social_search` is `simple` (no stemming, no
// stop words: every word is a word) with `unaccent` in front (accents and ligatures fold), and
// ASCII punctuation becomes spaces before parsing (search_words), so that a word is a run of
// letters and digits as FTS5 sees it — PostgreSQL's parser would otherwise keep e-mail
// addresses, URLs and hyphenated words whole. Bodies stored as HTML go through search_text(),
// the SQL form of domain/format.ts plainText().

const CODE_SPAN = SEARCH_CODE_SPAN;

const FUNCTIONS = [
  `create extension if not exists unaccent`,
  `create text search configuration social_search (copy = simple)`,
  `alter text search configuration social_search
     alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
     with unaccent, simple`,
  // plainText() of domain/format.ts: block tags leave a space, other tags go, the entities it
  // knows are decoded (&amp; last, so that "&amp;lt;" stays "&lt;"), whitespace folds.
  `create function search_text(html text) returns text language sql immutable parallel safe as $$
     select btrim(regexp_replace(
       replace(replace(replace(replace(replace(replace(replace(
         regexp_replace(
           regexp_replace(coalesce(html, ''), '</?(br|p|div|li|ul|ol|h[1-6]|blockquote|pre|hr|tr|td|th)\\y[^>]*>', ' ', 'gi'),
           '<[^>]*>', '', 'g'),
         '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&apos;', ''''), '&nbsp;', ' '), '&amp;', '&'),
       '\\s+', ' ', 'g'))
   $$`,
  `create function search_words(t text) returns text language sql immutable parallel safe as $$
     select regexp_replace(coalesce(t, ''), '[[:punct:]]+', ' ', 'g')
   $$`,
  `create function search_doc(t text) returns tsvector language sql immutable parallel safe as $$
     select to_tsvector('social_search'::regconfig, search_words(t))
   $$`,
  // Keyword filters of the lists (db/text.ts containsText): case and accents folded. Lowered
  // under ICU's root locale: the columns' own "C" collation lowers ASCII letters only.
  `create function search_fold(t text) returns text language sql immutable parallel safe as $$
     select lower(unaccent('unaccent'::regdictionary, t) collate "und-x-icu")
   $$`,
];

/** Migration 010 on PostgreSQL: the index table, its functions, triggers and first filling. */
async function createPostgresSearchIndex(db: Kysely<unknown>, types: readonly Indexed[]): Promise<void> {
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  await sql`create table search_index (
      rowid bigint primary key,
      title text not null, body text not null, extra text not null,
      doc tsvector not null, title_doc tsvector not null)`.execute(db);
  await sql`create index search_index_doc on search_index using gin (doc)`.execute(db);
  for (const t of types) {
    const code = SEARCH_CODES[t.type];
    const row = (where: string) => `insert into search_index (rowid, title, body, extra, doc, title_doc)
      select r.rowid, r.title, r.body, r.extra,
        search_doc(r.title) || search_doc(r.body) || search_doc(r.extra), search_doc(r.title)
      from (select x.id * ${CODE_SPAN} + ${code} as rowid, coalesce(${t.title}, '') as title,
        coalesce(${t.body}, '') as body, coalesce(${t.extra}, '') as extra from ${t.table} x where ${where}) r
      on conflict (rowid) do update set title = excluded.title, body = excluded.body, extra = excluded.extra,
        doc = excluded.doc, title_doc = excluded.title_doc`;
    const remove = (id: string) => `delete from search_index where rowid = ${id} * ${CODE_SPAN} + ${code}`;
    await sql
      .raw(
        `create function search_${t.type}_index() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then ${remove('old.id')}; else ${row('x.id = new.id')}; end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger search_${t.type} after insert or delete or update of ${t.columns.join(', ')} on ${t.table}
         for each row execute function search_${t.type}_index()`,
      )
      .execute(db);
    if (t.tagged) {
      await sql
        .raw(
          `create function search_${t.type}_tags_index() returns trigger language plpgsql as $$
           begin
             if tg_op = 'DELETE' then ${row('x.id = old.item_id')}; else ${row('x.id = new.item_id')}; end if;
             return null;
           end $$`,
        )
        .execute(db);
      for (const [event, rec] of [
        ['insert', 'new'],
        ['delete', 'old'],
      ]) {
        await sql
          .raw(
            `create trigger search_${t.type}_tags_${event} after ${event} on item_tags for each row
             when (${rec}.item_type = '${t.type}') execute function search_${t.type}_tags_index()`,
          )
          .execute(db);
      }
    }
    await sql.raw(row('true')).execute(db);
  }
}

export const m010: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return createPostgresSearchIndex(db, indexedTypes('postgres'));
    await sql`create virtual table search_index using fts5(
      title, body, extra,
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    for (const t of indexedTypes('sqlite')) {
      const statements = [
        `create trigger search_${t.type}_insert after insert on ${t.table} begin ${indexRows(t, 'x.id = new.id')} end`,
        `create trigger search_${t.type}_update after update of ${t.columns.join(', ')} on ${t.table} begin
          ${unindex(t, 'old.id')} ${indexRows(t, 'x.id = new.id')} end`,
        `create trigger search_${t.type}_delete after delete on ${t.table} begin ${unindex(t, 'old.id')} end`,
      ];
      if (t.tagged) {
        for (const [event, row] of [
          ['insert', 'new'],
          ['delete', 'old'],
        ]) {
          statements.push(`create trigger search_${t.type}_tags_${event} after ${event} on item_tags
            when ${row}.item_type = '${t.type}' begin
            ${unindex(t, `${row}.item_id`)} ${indexRows(t, `x.id = ${row}.item_id`)} end`);
        }
      }
      for (const statement of statements) await sql.raw(statement).execute(db);
      await sql.raw(indexRows(t, '1 = 1')).execute(db);
    }
  },
};
