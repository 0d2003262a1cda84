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
  SEARCH_CODES,
  type SearchRow,
} from './codes.ts';
import type { SearchIndex, SearchRequest, SearchSource, SearchTerm } from './types.ts';

// The SQLite form of site search over one FTS5 table a type, `search_fts_<type>` (migration 034;
// migration 010 made the one table they came from), whose rowid is an item's id × SEARCH_CODE_SPAN
// + its type's code (negated for the types codes.ts counts down). A type indexed later makes its
// table in its migration.

/** Each indexed type's FTS5 table, by the type and by its code. */
/** The FTS5 table of a type (the upkeep reads them too: sqlite-upkeep.ts). */
export const ftsTableName = (type: string): string => `search_fts_${type}`;
const tableOf = (type: string) => sql.table(ftsTableName(type));
const TABLE_OF_CODE = new Map<number, ReturnType<typeof tableOf>>(
  Object.entries(SEARCH_CODES).map(([type, code]) => [code, tableOf(type)]),
);

/**
 * A term as an FTS5 string: always quoted, so that nothing typed is query syntax (AND, OR, NOT,
 * NEAR, *, ^, parentheses and column filters are words or separators inside quotes), with its
 * quotes doubled; control characters, which FTS5 cannot read inside a string, become spaces.
 * FTS5 splits the string into tokens with the index's own tokenizer, so a term that holds
 * punctuation ("o'brien") is the phrase of its words.
 */
function ftsString(term: SearchTerm): string {
  const text = term.text.replace(/\p{Cc}/gu, ' ').replace(/"/g, '""');
  return `"${text}"${term.prefix && !term.phrase ? '*' : ''}`;
}

interface Match {
  /** Every term, in any column. */
  any: string;
  /** Every term, in the title. */
  title: string;
}

function matchOf(terms: readonly SearchTerm[]): Match {
  const all = terms.map(ftsString).join(' AND ');
  return { any: all, title: `{title} : (${all})` };
}

/**
 * The types indexed with an empty title (posts: migration 010's trigger): none of their matches is
 * in the title, which FTS5 would otherwise find out by walking the word's column lists in the
 * candidates' range (0.08 ms of a common word's search at a million, for nothing).
 */
const UNTITLED = new Set(['activity']);
/** The types indexed with a title alone (members: their name), every match of which is in the title. */
const TITLE_ONLY = new Set(['user']);

/**
 * Each source type's newest SEARCH_CANDIDATES matches (`cand_<n>`), read from its own table, with
 * the item's type code and id read from the rowid (no row of the index is read): FTS5 walks the
 * type's rowids of a term in either order and stops at the limit. `found`: those that a source
 * lets the reader find, each found by its key, each type's part reading its own candidates (one
 * list of all, as PostgreSQL's, was scanned whole by every type's part: ten times 3,000 rows at a
 * million). With them, whether the title alone holds every term (when the order needs it): a
 * title match is a match, so the candidates' title matches are the type's title matches between
 * their lowest and highest rowid, and FTS5 reads the title's doclist within those bounds only.
 * Unbounded, a word common in a type's bodies and absent from its titles (posts have none) walked
 * all of the word's rowids of the type for nothing: 4 ms of a common-word search at a million.
 */
function foundCte(match: Match, sources: readonly SearchSource[], withTitle: boolean): RawBuilder<unknown> {
  // Literals: a bound number is a real to SQLite, and rowid / 8.0 is no id.
  const span = sql.lit(SEARCH_CODE_SPAN);
  const candidates = sources.map((s, i) => {
    const fts = tableOf(s.type);
    return sql`${candidatesOf(i)} as materialized (select rowid as hit_id, ${sql.lit(codeOf(s.type))} as code,
      abs(rowid) / ${span} as item_id from ${fts} where ${fts} match ${match.any}
      order by ${newestFirst(codeOf(s.type))} limit ${sql.lit(SEARCH_CANDIDATES)})`;
  });
  const found = foundUnion(sources, (s, i) => {
    const fts = tableOf(s.type);
    const cand = candidatesOf(i);
    const inTitle =
      !withTitle || UNTITLED.has(s.type)
        ? sql`0`
        : TITLE_ONLY.has(s.type)
          ? sql`1`
          : sql`h.hit_id in (select rowid from ${fts} where ${fts} match ${match.title}
          and rowid >= (select min(hit_id) from ${cand}) and rowid <= (select max(hit_id) from ${cand}))`;
    return sql`(select hit_id, code, item_id, ${inTitle} as in_title from ${cand} h)`;
  });
  return sql`${sql.join(candidates, sql`, `)}, found as materialized (${found})`;
}

type Row = SearchRow;

/**
 * The counts by type and the page in one statement, over each type's newest matches (found
 * once: the counts need them all, and so does the order of any page).
 */
async function countsAndPage(db: DB, match: Match, request: SearchRequest): Promise<Row[]> {
  const relevance = request.sort === 'relevance';
  const order = pageOrder(request);
  const only = request.type === null ? sql`1 = 1` : sql`code = ${sql.lit(codeOf(request.type))}`;
  // The page's size as a literal, as every LIMIT on SQLite (sqlite-driver.ts LiteralLimitCompiler):
  // bound, it made SQLite prepare this 11 KB statement again on every search (1.3 ms).
  if (!Number.isSafeInteger(request.limit)) throw new Error(`search: the limit ${request.limit} is no whole number`);
  // The page is ordered within its subquery to be cut, and again (a few rows) in the compound.
  const { rows } = await sql<Row>`with ${foundCte(match, request.sources, relevance)}
    select 'count' as kind, code, count(*) as n, 0 as id, 0 as hit_id, 0 as date, 0 as closed, 0 as in_title from found group by code
    union all
    ${candidateCounts(request.sources)}
    union all
    select * from (select 'hit', code, 0, id, hit_id, date, closed, in_title from found where ${only}
      order by ${order} limit ${sql.lit(request.limit)} offset ${request.offset})
    order by kind, ${order}`.execute(db);
  return rows;
}

/** The indexed body of each hit, by rowid, from its type's table (FTS5 reads a row by its rowid as a table does). */
async function bodies(db: DB, hits: readonly Row[]): Promise<Map<number, string>> {
  const byCode = new Map<number, number[]>();
  for (const hit of hits) byCode.set(Number(hit.code), [...(byCode.get(Number(hit.code)) ?? []), Number(hit.hit_id)]);
  if (!byCode.size) return new Map();
  // Literals, not bound numbers: FTS5 does not look a real up as a rowid. They are integers the index gave.
  const parts = [...byCode].map(
    ([code, ids]) =>
      sql`select rowid as hit_id, body from ${TABLE_OF_CODE.get(code)!} where rowid in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))})`,
  );
  const { rows } = await sql<{ hit_id: number; body: string | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map((r) => [Number(r.hit_id), r.body ?? '']));
}

export const sqliteSearchIndex: SearchIndex = {
  async search(db, request) {
    if (!request.terms.length || !request.sources.length) return { counts: new Map(), more: new Set(), hits: [] };
    const match = matchOf(request.terms);
    const rows = await countsAndPage(db, match, request);
    const page = rows.filter((r) => r.kind === 'hit');
    const body = await bodies(db, page);
    return resultOf(rows, (r) => body.get(Number(r.hit_id)));
  },
};
