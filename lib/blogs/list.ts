import type { BlogListPageProps } from '@/components/blogs/blog-list-page';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedBlogChoices } from '@/lib/blogs/choices';
import { parseBlogListQuery } from '@/lib/blogs/list-query';
import { listBlogs, listMyBlogs, type BlogFilters } from '@/lib/social-api/blogs';
import { isApiError } from '@/lib/social-api/errors';

export type BlogListRouteProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 10;

/**
 * One page of /blogs or /blogs/my from the filters in its URL: one API call for the posts (the
 * categories of the filter come from a per-person cache). Filters the API refuses (a category
 * that is not one: 400) show as such rather than as an error page.
 */
export async function loadBlogList(mine: boolean, { searchParams }: BlogListRouteProps): Promise<BlogListPageProps> {
  const query = parseBlogListQuery(await searchParams);
  const filters: BlogFilters = {
    keywords: query.q,
    sort: query.sort === 'views' ? 'view_count' : undefined,
    show: !mine && query.show === 'friends' ? 'only_my_friend' : undefined,
    categoryId: query.category,
    page: query.page,
    limit: PAGE_SIZE,
  };
  const [posts, choices] = await loadPage((s) =>
    Promise.all([
      (mine ? listMyBlogs(s.accessToken, filters) : listBlogs(s.accessToken, filters)).catch((e: unknown) => {
        if (isApiError(e, 400)) return undefined;
        throw e;
      }),
      getCachedBlogChoices(s),
    ]),
  );
  return { mine, query, posts, more: posts?.length === PAGE_SIZE, categories: choices.categories };
}
