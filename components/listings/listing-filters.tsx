'use client';

import { useRouter } from 'next/navigation';
import { useId, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { parseListingListQuery, type ListingListQuery } from '@/lib/listings/list-query';
import { routes } from '@/lib/routes';
import type { ListingCategory } from '@/lib/social-api/classifieds';

/**
 * The listings' filters as a search form whose result is an address (/listings?q=…&min=…), so a
 * search is a link, reloads the same and Back goes to the one before. Without JavaScript it is a
 * plain GET form; with it, the address leaves out what is not set and the results change
 * without a full page load.
 */
export function ListingFilters({ query, categories }: { query: ListingListQuery; categories: ListingCategory[] }) {
  const id = useId();
  const router = useRouter();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const params = Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
    router.push(routes.listings(parseListingListQuery(params)));
  };
  const field = (name: string) => `${id}-${name}`;
  // The form's key: Back to another search shows that search's values, not the last typed.
  return (
    <form
      key={routes.listings(query)}
      role="search"
      aria-label="Filter listings"
      action={routes.listings()}
      method="get"
      onSubmit={onSubmit}
      className="card mt-4 space-y-3"
    >
      {query.seller ? <input type="hidden" name="seller" value={query.seller} /> : null}
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={field('q')} className="text-sm font-medium">
            Keywords
          </label>
          <input id={field('q')} name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} className="field" />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={field('category')} className="text-sm font-medium">
            Category
          </label>
          <select id={field('category')} name="category" defaultValue={query.category ? String(query.category) : ''} className="field">
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field('where')} className="text-sm font-medium">
            Location
          </label>
          <input id={field('where')} name="where" type="text" defaultValue={query.where ?? ''} maxLength={100} className="field" />
        </div>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">Price in dollars</legend>
          <div>
            <label htmlFor={field('min')} className="text-sm font-medium">
              Price from
            </label>
            <input
              id={field('min')}
              name="min"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={query.min ?? ''}
              className="field"
            />
          </div>
          <div>
            <label htmlFor={field('max')} className="text-sm font-medium">
              Price to
            </label>
            <input
              id={field('max')}
              name="max"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={query.max ?? ''}
              className="field"
            />
          </div>
        </fieldset>
        <div>
          <label htmlFor={field('status')} className="text-sm font-medium">
            Status
          </label>
          <select id={field('status')} name="status" defaultValue={query.status ?? ''} className="field">
            <option value="">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </div>
        <div>
          <label htmlFor={field('sort')} className="text-sm font-medium">
            Sort by
          </label>
          <select id={field('sort')} name="sort" defaultValue={query.sort ?? ''} className="field">
            <option value="">Most recent</option>
            <option value="views">Most viewed</option>
          </select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input name="photos" type="checkbox" value="1" defaultChecked={query.photos ?? false} className="size-4" />
          With photos only
        </label>
      </div>
    </form>
  );
}
