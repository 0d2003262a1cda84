'use client';

import { useRouter } from 'next/navigation';
import { useId, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import type { BlogCategory } from '@/lib/social-api/blogs';
import { parseBlogListQuery, type BlogListQuery } from '@/lib/blogs/list-query';

export type BlogFiltersProps = {
  /** The reader's own posts (/blogs/my), or everyone's (/blogs, where "Written by" is offered too). */
  mine: boolean;
  query: BlogListQuery;
  categories: BlogCategory[];
};

/**
 * The list's filters as a search form whose result is an address (/blogs?q=…&category=…), so a
 * filtered view is a link and Back goes to the one before. Without JavaScript it is a plain GET
 * form; with it, the address leaves out what is not set and the page changes client-side.
 */
export function BlogFilters({ mine, query, categories }: BlogFiltersProps) {
  const id = useId();
  const hrefOf = mine ? routes.myBlogs : routes.blogs;
  const withShow = !mine;
  const router = useRouter();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const params = Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
    router.push(hrefOf(parseBlogListQuery(params)));
  };
  // The form's key: Back to another filtered view shows that view's values, not the last typed.
  return (
    <form
      key={hrefOf(query)}
      role="search"
      aria-label="Filter posts"
      action={hrefOf()}
      method="get"
      onSubmit={onSubmit}
      className="card mt-4 space-y-3"
    >
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Keywords
          </label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} className="field" />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </div>
      <div className={`grid gap-3 ${withShow ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <div>
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            Category
          </label>
          <select id={`${id}-category`} name="category" defaultValue={query.category ? String(query.category) : ''} className="field">
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            Sort by
          </label>
          <select id={`${id}-sort`} name="sort" defaultValue={query.sort ?? ''} className="field">
            <option value="">Newest first</option>
            <option value="views">Most viewed</option>
          </select>
        </div>
        {withShow ? (
          <div>
            <label htmlFor={`${id}-show`} className="text-sm font-medium">
              Written by
            </label>
            <select id={`${id}-show`} name="show" defaultValue={query.show ?? ''} className="field">
              <option value="">Everyone</option>
              <option value="friends">My friends</option>
            </select>
          </div>
        ) : null}
      </div>
    </form>
  );
}
