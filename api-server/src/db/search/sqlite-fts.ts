import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../index.ts';
import { codeOf, foundUnion, newestFirst, pageOrder, resultOf, SEARCH_CANDIDATES, SEARCH_CODE_SPAN, type SearchRow } from './codes.ts';
import type { SearchIndex, SearchRequest, SearchSource, SearchTerm } from './types.ts';

// The SQLite form of site search over the FTS5 table `search_index` (migration 010), whose
// rowid is an item's id × SEARCH_CODE_SPAN + its type's code (negated for the types codes.ts counts down).

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
 * `cands`: each source type's newest SEARCH_CANDIDATES matches, with the item's type code and id
 * read from the rowid (no row of the index is read): FTS5 walks a term's rowids in either order
 * and stops at the limit. `hits`: those, with whether the title alone holds every term (when the
 * order needs it). `found`: those that a source lets the reader find, each found by its key.
 */
function foundCte(match: Match, sources: readonly SearchSource[], withTitle: boolean): RawBuilder<unknown> {
  const inTitle = withTitle ? sql`hit_id in (select rowid from search_index where search_index match ${match.title})` : sql`0`;
  // Literals: a bound number is a real to SQLite, and rowid / 8.0 is no id.
  const span = sql.lit(SEARCH_CODE_SPAN);
  const perType = sources.map((s) => {
    const code = sql.lit(codeOf(s.type));
    return sql`select * from (select rowid as hit_id, ${code} as code, abs(rowid) / ${span} as item_id
      from search_index where search_index match ${match.any} and rowid % ${span} = ${code}
      order by ${newestFirst(codeOf(s.type))} limit ${sql.lit(SEARCH_CANDIDATES)})`;
  });
  return sql`cands as materialized (${sql.join(perType, sql` union all `)}),
    hits as materialized (select hit_id, code, item_id, ${inTitle} as in_title from cands),
    found as materialized (${foundUnion(sources)})`;
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
  // The page is ordered within its subquery to be cut, and again (a few rows) in the compound.
  const { rows } = await sql<Row>`with ${foundCte(match, request.sources, relevance)}
    select 'count' as kind, code, count(*) as n, 0 as id, 0 as hit_id, 0 as date, 0 as closed, 0 as in_title from found group by code
    union all
    select 'cand', code, count(*), 0, 0, 0, 0, 0 from hits group by code
    union all
    select * from (select 'hit', code, 0, id, hit_id, date, closed, in_title from found where ${only}
      order by ${order} limit ${request.limit} offset ${request.offset})
    order by kind, ${order}`.execute(db);
  return rows;
}

/** The indexed body of each hit, by rowid (FTS5 reads a row by its rowid as a table does). */
async function bodies(db: DB, hitIds: number[]): Promise<Map<number, string>> {
  if (!hitIds.length) return new Map();
  // Literals, not bound numbers: FTS5 does not look a real up as a rowid. They are integers the index gave.
  const ids = hitIds.map((id) => sql.lit(Math.trunc(id)));
  const { rows } = await sql<{ hit_id: number; body: string | null }>`
    select rowid as hit_id, body from search_index where rowid in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((r) => [Number(r.hit_id), r.body ?? '']));
}

export const sqliteSearchIndex: SearchIndex = {
  async search(db, request) {
    if (!request.terms.length || !request.sources.length) return { counts: new Map(), more: new Set(), hits: [] };
    const match = matchOf(request.terms);
    const rows = await countsAndPage(db, match, request);
    const page = rows.filter((r) => r.kind === 'hit');
    const body = await bodies(
      db,
      page.map((r) => Number(r.hit_id)),
    );
    return resultOf(rows, (r) => body.get(Number(r.hit_id)));
  },
};
