import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf, type Dialect } from './dialect.ts';
import { SEARCH_CODE_SPAN, SEARCH_CODES } from './search/codes.ts';
import { createPostgresSearchIndex } from './search/postgres-fts.ts';

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
// index instead of FTS5 (db/search/postgres-fts.ts), behind the same query interface
// (db/search/index.ts).

export interface Indexed {
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

export const m010: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === 'postgres') return createPostgresSearchIndex(db, indexedTypes('postgres'));
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
