import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../index.ts';
import type { Indexed } from '../migration-010-search-index.ts';
import { codeOf, foundUnion, pageOrder, resultOf, SEARCH_CODE_SPAN, SEARCH_CODES, type SearchRow } from './codes.ts';
import type { SearchIndex, SearchRequest, SearchSource, SearchTerm } from './index.ts';

// The PostgreSQL form of site search: the table `search_index` as on SQLite (rowid = an item's
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
export async function createPostgresSearchIndex(db: Kysely<unknown>, types: readonly Indexed[]): Promise<void> {
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

/**
 * The terms as a tsquery's text: every term (&); a term's words in a row (<->); the last word
 * of a prefix term also as the start of a longer one (:*). Each word is quoted, so that nothing
 * typed is tsquery syntax; to_tsquery folds it with the index's configuration. Punctuation,
 * which search_words turns into spaces in the index, separates words here too.
 */
function tsQueryText(terms: readonly SearchTerm[]): string | null {
  const parts: string[] = [];
  for (const term of terms) {
    const words = term.text
      .replace(/\p{Cc}/gu, ' ')
      .split(/[^\p{L}\p{N}\p{M}]+/u)
      .filter((w) => w !== '');
    if (!words.length) return null;
    const quoted = words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
    if (term.prefix && !term.phrase) quoted[quoted.length - 1] += ':*';
    parts.push(quoted.length > 1 ? `(${quoted.join(' <-> ')})` : quoted[0]!);
  }
  return parts.join(' & ');
}

function foundCte(query: RawBuilder<unknown>, sources: readonly SearchSource[]): RawBuilder<unknown> {
  const span = sql.lit(CODE_SPAN);
  return sql`q as (select ${query} as q),
    hits as materialized (
      select rowid as hit_id, rowid % ${span} as code, rowid / ${span} as item_id,
        case when title_doc @@ q.q then 1 else 0 end as in_title
      from search_index, q where doc @@ q.q),
    found as materialized (${foundUnion(sources)})`;
}

/** With the hit's indexed body, read in the same statement. */
interface Row extends SearchRow {
  body: string | null;
}

export const postgresSearchIndex: SearchIndex = {
  async search(db: DB, request: SearchRequest) {
    const text = request.terms.length && request.sources.length ? tsQueryText(request.terms) : null;
    if (text === null) return { counts: new Map(), hits: [] };
    const query = sql`to_tsquery('social_search'::regconfig, ${text})`;
    const order = pageOrder(request);
    const only = request.type === null ? sql`true` : sql`code = ${sql.lit(codeOf(request.type))}`;
    const { rows } = await sql<Row>`with ${foundCte(query, request.sources)},
      page as (select * from found where ${only} order by ${order} limit ${request.limit} offset ${request.offset})
      select 'count' as kind, code, count(*) as n, 0 as id, 0 as hit_id, 0 as date, 0 as closed, 0 as in_title, null as body
        from found group by code
      union all
      select 'hit', p.code, 0, p.id, p.hit_id, p.date, p.closed, p.in_title, s.body
        from page p join search_index s on s.rowid = p.hit_id
      order by kind, ${order}`.execute(db);
    return resultOf(rows, (r) => r.body);
  },
};
