import { searchParamReader, type SearchParams } from '../search-params.ts';
import { isSearchType, type SearchSort, type SearchType } from './types.ts';

// The search page's URL (/search?q=lyon&type=blog&sort=newest&page=2), read leniently like every
// list's: what is not understood is left out.

export interface SearchPageQuery {
  q?: string;
  type: SearchType | 'all';
  sort: SearchSort;
  page: number;
}

export function parseSearchQuery(params: SearchParams): SearchPageQuery {
  const r = searchParamReader(params);
  const type = r.one('type');
  return {
    q: r.text('q'),
    type: isSearchType(type) ? type : 'all',
    sort: r.one('sort') === 'newest' ? 'newest' : 'relevance',
    page: r.page() ?? 1,
  };
}

/** The query's words in the URL, in a fixed order, without the defaults. */
export function searchQueryParams(q: Partial<SearchPageQuery>): Record<string, string | number | undefined> {
  return {
    q: q.q || undefined,
    type: q.type && q.type !== 'all' ? q.type : undefined,
    sort: q.sort === 'newest' ? 'newest' : undefined,
    page: q.page && q.page > 1 ? q.page : undefined,
  };
}
