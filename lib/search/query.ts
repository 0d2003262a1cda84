import { listQuery, oneOf, page, text } from '../list-query.ts';
import { SEARCH_TYPES, type SearchSort, type SearchType } from '../social-api/search-types.ts';

// The search page's URL (/search?q=lyon&type=blog&sort=newest&page=2), in the words every list
// uses (lib/list-query.ts): what is not understood is left out.

export const searchList = listQuery({
  q: text,
  /** One kind of result; all of them without it. */
  type: oneOf(...SEARCH_TYPES),
  /** Newest first; the most relevant first without it. */
  sort: oneOf('newest'),
  page,
});

export interface SearchPageQuery {
  q?: string;
  type: SearchType | 'all';
  sort: SearchSort;
  page: number;
}

export function parseSearchQuery(params: Parameters<typeof searchList.parse>[0]): SearchPageQuery {
  const { q, type, sort, page: n } = searchList.parse(params);
  return { q, type: type ?? 'all', sort: sort ?? 'relevance', page: n ?? 1 };
}

/** The query's address: its words in a fixed order, without the defaults. */
export function searchHref(q: Partial<SearchPageQuery>): string {
  return `/search${searchList.search({
    q: q.q,
    type: q.type === 'all' ? undefined : q.type,
    sort: q.sort === 'newest' ? 'newest' : undefined,
    page: q.page,
  })}`;
}
