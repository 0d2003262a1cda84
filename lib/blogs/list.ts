import { getCachedBlogChoices } from '@/lib/blogs/choices';
import { blogList, type BlogListQuery } from '@/lib/blogs/list-query';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { listBlogs, listMyBlogs, type BlogCategory, type BlogFilters, type BlogSummary } from '@/lib/social-api/blogs';

export type BlogListRouteProps = { searchParams: Promise<SearchParams> };

export type BlogListPageProps = {
  /** The reader's own posts (drafts among them), or everyone's. */
  mine: boolean;
  query: BlogListQuery;
  list: ListPageData<BlogSummary>;
  categories: BlogCategory[];
};

const PAGE_SIZE = 10;

/** One page of /blogs or /blogs/my from the words of its URL (lib/list-page.ts). */
export async function loadBlogList(mine: boolean, { searchParams }: BlogListRouteProps): Promise<BlogListPageProps> {
  const query = blogList.parse(await searchParams);
  // One's own posts are not filtered by who wrote them.
  if (mine) delete query.show;
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    (s, { page, limit }) => {
      const filters: BlogFilters = {
        keywords: query.q,
        sort: query.sort === 'views' ? 'view_count' : undefined,
        show: query.show === 'friends' ? 'only_my_friend' : undefined,
        categoryId: query.category,
        page,
        limit,
      };
      return mine ? listMyBlogs(s.accessToken, filters) : listBlogs(s.accessToken, filters);
    },
    getCachedBlogChoices,
  );
  return { mine, query, list, categories: choices.categories };
}
