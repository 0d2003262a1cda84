import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button';
import { ListTab, Pager } from '@/components/ui/list-nav';
import type { BlogListQuery } from '@/lib/blogs/list-query';
import { routes } from '@/lib/routes';
import type { BlogCategory, BlogSummary } from '@/lib/social-api/blogs';
import { BlogCard } from './blog-card';
import { BlogFilters } from './blog-filters';

export type BlogListPageProps = {
  /** The reader's own posts (drafts among them), or everyone's. */
  mine: boolean;
  query: BlogListQuery;
  /** This page's posts; undefined when the API refused the filters (a category that is not one). */
  posts: BlogSummary[] | undefined;
  /** Whether another page follows. */
  more: boolean;
  categories: BlogCategory[];
};

/** What the filters show, in words: "Posts matching “lyon” in Travel by your friends, most viewed first". */
function describe(mine: boolean, query: BlogListQuery, categories: BlogCategory[]): string {
  const parts = [mine ? 'Your posts' : 'Posts'];
  if (query.q) parts.push(`matching “${query.q}”`);
  const category = categories.find((c) => c.id === query.category);
  if (query.category) parts.push(`in ${category ? category.title : 'this category'}`);
  if (query.show === 'friends') parts.push('by your friends');
  return `${parts.join(' ')}, ${query.sort === 'views' ? 'most viewed first' : 'newest first'}`;
}

/** /blogs and /blogs/my: the tabs, the filters, a page of posts and the way to the next. */
export function BlogListPage({ mine, query, posts, more, categories }: BlogListPageProps) {
  const hrefOf = mine ? routes.myBlogs : routes.blogs;
  const page = query.page ?? 1;
  const filtered = Boolean(query.q || query.category || query.sort || query.show);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{mine ? 'My blog posts' : 'Blogs'}</h1>
        <Link href={routes.newBlog} className={buttonStyles.primary}>
          Write a post
        </Link>
      </div>
      <nav aria-label="Blog lists" className="mt-4 flex gap-1 border-b border-slate-200 dark:border-slate-800">
        <ListTab href={routes.blogs()} current={!mine}>
          All posts
        </ListTab>
        <ListTab href={routes.myBlogs()} current={mine}>
          My posts and drafts
        </ListTab>
      </nav>

      <BlogFilters mine={mine} query={query} categories={categories} />

      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <p className="muted">{describe(mine, query, categories)}</p>
        {filtered ? (
          <a href={hrefOf()} className="link text-sm">
            Clear the filters
          </a>
        ) : null}
      </div>

      {posts === undefined ? (
        <p role="alert" className="card mt-4">
          These filters could not be used (the category may no longer exist).{' '}
          <a href={hrefOf()} className="link">
            See all {mine ? 'your posts' : 'posts'}
          </a>
        </p>
      ) : posts.length === 0 ? (
        <p className="muted mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          {page > 1
            ? 'No more posts.'
            : filtered
              ? 'No posts match these filters.'
              : mine
                ? 'You have not written anything yet. Your posts and drafts will be listed here.'
                : 'No posts yet.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      )}

      <Pager label="Pages of posts" page={page} more={more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
    </div>
  );
}
