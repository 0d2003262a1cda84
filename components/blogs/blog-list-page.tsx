import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, FriendsFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import type { BlogListPageProps } from '@/lib/blogs/list';
import { blogList } from '@/lib/blogs/list-query';
import { chipsOf } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { BlogCard } from './blog-card';

/** /blogs and /blogs/my (the list-page kit, components/ui/list/): tabs, filters, a page of posts, the pager. */
export function BlogListPage({ mine, query, list, categories }: BlogListPageProps) {
  const hrefOf = mine ? routes.myBlogs : routes.blogs;
  const chips = chipsOf(
    query,
    hrefOf,
    [
      [query.show && 'By your friends', 'show'],
      [query.sort && 'Most viewed first', 'sort'],
    ],
    categories,
  );
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ListHeader title={mine ? 'My blog posts' : 'Blogs'} action={{ href: routes.newBlog, label: 'Write a post' }} />
      <ListTabs
        label="Blog lists"
        tabs={[
          { href: routes.blogs(), label: 'All posts', current: !mine },
          { href: routes.myBlogs(), label: 'My posts and drafts', current: mine },
        ]}
      />
      <ListFilters label="Filter posts" words={blogList.words} query={query} hrefOf={hrefOf} columns={mine ? 2 : 3}>
        <CategoryFilter value={query.category} categories={categories} />
        <SortFilter value={query.sort} />
        {mine ? null : <FriendsFilter label="Written by" value={query.show} />}
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={hrefOf()} />
      <ListResults
        list={list}
        noun={['post', 'posts']}
        filtered={chips.length > 0}
        clearHref={hrefOf()}
        empty={mine ? 'You have not written anything yet. Your posts and drafts will be listed here.' : 'No posts yet.'}
        item={(post) => <BlogCard post={post} />}
      />
      <Pager label="Pages of posts" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
    </div>
  );
}
