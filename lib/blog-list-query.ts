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

const KEYWORDS_MAX = 100;
const PAGE_MAX = 1000;

/**
 * The filters of a list from the page's search parameters. The URL is anyone's to type: what
 * is not understood is left out rather than refused (a link to /blogs?sort=oldest shows the
 * newest posts).
 */
export function parseBlogListQuery(params: Record<string, string | string[] | undefined>): BlogListQuery {
  const one = (name: string) => {
    const v = params[name];
    return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
  };
  const q = one('q')?.trim().slice(0, KEYWORDS_MAX);
  const category = Number(one('category'));
  const page = Number(one('page'));
  return {
    ...(q ? { q } : {}),
    ...(one('sort') === 'views' ? { sort: 'views' as const } : {}),
    ...(one('show') === 'friends' ? { show: 'friends' as const } : {}),
    ...(Number.isSafeInteger(category) && category > 0 ? { category } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= PAGE_MAX ? { page } : {}),
  };
}
