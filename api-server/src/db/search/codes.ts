import { sql, type RawBuilder } from 'kysely';
import type { SearchRequest, SearchResult, SearchSource } from './types.ts';

/**
 * The code of each indexed type in the index's rowids (id × 8 + code): migration 010's, and groups'
 * (migration 017). Types indexed later count down from zero, at rowid −(id × 8 − code): videos
 * (migration 021), music playlists (migration 027). The code is `rowid % 8` and the id `abs(rowid) / 8` either way.
 */
export const SEARCH_CODES = {
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
export const SEARCH_CODE_SPAN = 8;
// On PostgreSQL each code has a column of its own with a GIN index and a btree of its rowids
// (migration 036), on SQLite an FTS5 table of its own (migration 034): a type indexed later adds both
// in its migration, as 036 and 034 did for these.

/**
 * The most matches of one type a search looks at: the newest ones (the highest ids). A word
 * that a million posts hold would otherwise be found, checked against each post's privacy and
 * sorted in full for a page of ten (issue 50: 1.3–1.9 s at a million on PostgreSQL). Within these
 * the order is exact; a type with more matches says so (`more`), and its count is of these.
 * A hundred: ten pages of ten a type, the tabs' "100+"; a tab leads on to its module's own list,
 * which pages through every match. At 500 a common word's search at a million cost 2.8–2.9× the
 * small site's (six types' 500 newest walked, 3,000 privacy checks); at 100 about 1× on
 * PostgreSQL and 1.3× on SQLite (docs/performance.md, bench:api).
 */
export const SEARCH_CANDIDATES = 100;

/** The indexed type of each code. */
const TYPE_OF_CODE = new Map<number, string>(Object.entries(SEARCH_CODES).map(([type, code]) => [code, type]));

export function codeOf(type: string): number {
  const code = (SEARCH_CODES as Record<string, number>)[type];
  if (code === undefined) throw new Error(`search: the index holds no ${type}`);
  return code;
}

/** The name of the CTE that holds the candidates of a search's `i`-th source: each type's newest matches. */
export const candidatesOf = (i: number): RawBuilder<unknown> => sql.raw(`cand_${i}`);

/**
 * Both index forms' `found`: of each type's candidates (hit_id, code, item_id, in_title: what
 * `matchesOf` gives a source's part as `h`), those the source lets the reader find, each found by
 * its key. Each type's part reads its own type's candidates: one list of all, filtered by code in
 * every part, was read whole by each (ten times 3,000 rows for a common word at a million).
 */
export function foundUnion(
  sources: readonly SearchSource[],
  matchesOf: (source: SearchSource, i: number) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = sources.map(
    (s, i) => sql`select h.code, ${s.id} as id, h.hit_id, h.in_title, ${s.date} as date, ${s.closed ?? sql`0`} as closed
      from ${matchesOf(s, i)} h cross join ${s.from}
      where ${s.id} = h.item_id and ${s.where}`,
  );
  return sql.join(parts, sql` union all `);
}

/** Both forms' 'cand' rows (SearchRow): how many matches of each type were looked at, `more` columns after the eight. */
export function candidateCounts(sources: readonly SearchSource[], more: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  return sql.join(
    sources.map((_, i) => sql`select 'cand', max(code), count(*), 0, 0, 0, 0, 0${more} from ${candidatesOf(i)}`),
    sql` union all `,
  );
}

/** The order of a page. (code, id) is unique: every order is total, so pages neither overlap nor skip. */
export const pageOrder = (request: SearchRequest): RawBuilder<unknown> =>
  request.sort === 'relevance' ? sql`closed, in_title desc, date desc, code, id desc` : sql`date desc, code, id desc`;

/**
 * The newest-first order of a type's rowids: a type whose code is below zero is indexed at
 * negative rowids, −(id × 8 − code), so its newest is its lowest.
 */
export const newestFirst = (code: number): RawBuilder<unknown> => (code < 0 ? sql`rowid asc` : sql`rowid desc`);

/**
 * A row of both forms' one statement: 'count', `n` matches of type `code` the reader may find;
 * 'cand', `n` matches of that type looked at (SEARCH_CANDIDATES: there may be more); 'hit', one
 * of the page.
 */
export interface SearchRow {
  kind: 'count' | 'cand' | 'hit';
  code: number;
  n: number;
  id: number;
  hit_id: number;
  date: number;
  closed: number;
}

/**
 * The result from both forms' rows: the counts by type, and the page's hits in their order,
 * each with its indexed body (`bodyOf`: PostgreSQL reads it in the same statement, SQLite after).
 */
export function resultOf<R extends SearchRow>(rows: readonly R[], bodyOf: (hit: R) => string | null | undefined): SearchResult {
  return {
    counts: new Map(rows.filter((r) => r.kind === 'count').map((r) => [TYPE_OF_CODE.get(Number(r.code))!, Number(r.n)])),
    more: new Set(rows.filter((r) => r.kind === 'cand' && Number(r.n) >= SEARCH_CANDIDATES).map((r) => TYPE_OF_CODE.get(Number(r.code))!)),
    hits: rows
      .filter((r) => r.kind === 'hit')
      .map((r) => ({
        type: TYPE_OF_CODE.get(Number(r.code))!,
        id: Number(r.id),
        date: Number(r.date),
        closed: Number(r.closed) === 1,
        body: bodyOf(r) ?? '',
      })),
  };
}
