import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../index.ts';
import {
  candidateCounts,
  candidatesOf,
  codeOf,
  foundUnion,
  newestFirst,
  pageOrder,
  resultOf,
  SEARCH_CANDIDATES,
  SEARCH_CODE_SPAN,
  type SearchRow,
} from './codes.ts';
import type { SearchIndex, SearchRequest, SearchSource, SearchTerm } from './types.ts';

// The PostgreSQL form of site search: the table `search_index` as on SQLite (rowid = an item's
// id × SEARCH_CODE_SPAN + its type's code; title, body, extra), with a tsvector of the three
// (`doc`), the same tsvector in a column of each type's own that the other types' rows leave null
// (`doc_<code>`, each with its GIN index and its rows' btree: migration 036), and one of the title
// alone (`title_doc`, for "in the title" ranking).
//
// Matching is FTS5's unicode61 with remove_diacritics (the SQLite form), rebuilt with
// PostgreSQL's parts: text search configuration `social_search` is `simple` (no stemming, no
// stop words: every word is a word) with `unaccent` in front (accents and ligatures fold), and
// ASCII punctuation becomes spaces before parsing (search_words), so that a word is a run of
// letters and digits as FTS5 sees it — PostgreSQL's parser would otherwise keep e-mail
// addresses, URLs and hyphenated words whole. Bodies stored as HTML go through search_text(),
// the SQL form of domain/format.ts plainText(). The table, its functions and its triggers are
// migration 010's (db/migration-010-search-index.ts); this file only reads them.

const CODE_SPAN = SEARCH_CODE_SPAN;

/** A type's own column of the index's words (migration 036): `doc_7`, `doc_m1` for code −1. */
const docOf = (code: number) => sql.ref(`doc_${code < 0 ? `m${-code}` : code}`);

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

/**
 * Each source type's newest SEARCH_CANDIDATES matches (`cand_<n>`), and whether the title alone
 * holds every term; `found`: those a source lets the reader find, each found by its key, each
 * type's part reading its own candidates (codes.ts foundUnion).
 *
 * Each type is read on its own column (migration 036), whose statistics are of that type's rows
 * alone: for a word many of its rows hold, the planner walks the type's rows from the newest on
 * its btree index, testing each, and stops at the limit; for a rarer one it takes the column's
 * GIN index and sorts the few matches. It chooses by the word's frequency among the type's rows,
 * which it sees because the query's text is a parameter of the statement (to_tsquery with its
 * configuration named is immutable: folded before planning).
 */
function foundCte(query: RawBuilder<unknown>, sources: readonly SearchSource[]): RawBuilder<unknown> {
  const candidates = sources.map((s, i) => {
    const code = codeOf(s.type);
    return sql`${candidatesOf(i)} as materialized (select rowid as hit_id, ${sql.lit(code)} as code, abs(rowid) / ${sql.lit(CODE_SPAN)} as item_id,
        case when title_doc @@ ${query} then 1 else 0 end as in_title
      from search_index where ${docOf(code)} @@ ${query}
      order by ${newestFirst(code)} limit ${sql.lit(SEARCH_CANDIDATES)})`;
  });
  const found = foundUnion(sources, (_, i) => candidatesOf(i));
  return sql`${sql.join(candidates, sql`, `)}, found as materialized (${found})`;
}

/** With the hit's indexed body, read in the same statement. */
interface Row extends SearchRow {
  body: string | null;
}

export const postgresSearchIndex: SearchIndex = {
  async search(db: DB, request: SearchRequest) {
    const text = request.terms.length && request.sources.length ? tsQueryText(request.terms) : null;
    if (text === null) return { counts: new Map(), more: new Set(), hits: [] };
    const query = sql`to_tsquery('social_search'::regconfig, ${text})`;
    const order = pageOrder(request);
    const only = request.type === null ? sql`true` : sql`code = ${sql.lit(codeOf(request.type))}`;
    const { rows } = await sql<Row>`with ${foundCte(query, request.sources)},
      page as (select * from found where ${only} order by ${order} limit ${request.limit} offset ${request.offset})
      select 'count' as kind, code, count(*) as n, 0 as id, 0 as hit_id, 0 as date, 0 as closed, 0 as in_title, null as body
        from found group by code
      union all
      ${candidateCounts(request.sources, sql`, null`)}
      union all
      select 'hit', p.code, 0, p.id, p.hit_id, p.date, p.closed, p.in_title, s.body
        from page p join search_index s on s.rowid = p.hit_id
      order by kind, ${order}`.execute(db);
    return resultOf(rows, (r) => r.body);
  },
};
