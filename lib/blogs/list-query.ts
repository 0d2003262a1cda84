import { searchParamReader, type SearchParams } from '../search-params.ts';

// The filters of a list of blog posts, in the URL: what /blogs and /blogs/my read from their
// search parameters and what lib/routes.ts writes. No zod here: the filter form in the browser
// uses it too, and a lenient reading needs none.

/** A list of posts as the URL says it (/blogs?q=lyon&sort=views&show=friends&category=3&page=2). */
export interface BlogListQuery {
  /** Keywords. */
  q?: string;
  /** Most viewed first; newest first without it. */
  sort?: 'views';
  /** Posts by the reader's friends; everyone's without it. */
  show?: 'friends';
  category?: number;
  /** 1 without it. */
  page?: number;
}

/**
 * The filters of a list from the page's search parameters (lenient: lib/search-params.ts).
 */
export function parseBlogListQuery(params: SearchParams): BlogListQuery {
  const { one, text, id, page } = searchParamReader(params);
  const q = text('q');
  const category = id('category');
  const n = page();
  return {
    ...(q ? { q } : {}),
    ...(one('sort') === 'views' ? { sort: 'views' as const } : {}),
    ...(one('show') === 'friends' ? { show: 'friends' as const } : {}),
    ...(category ? { category } : {}),
    ...(n ? { page: n } : {}),
  };
}
