import type { ListingListQuery } from '@/lib/listings/list-query';
import { buttonStyles } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import type { ListingCategory, ListingSummary } from '@/lib/social-api/classifieds';
import { ListingCard } from './listing-card';
import { ListingFilters } from './listing-filters';

export type ListingsPageProps = {
  query: ListingListQuery;
  /** This page's listings; undefined when the API refused the filters (a category that is not one). */
  listings: ListingSummary[] | undefined;
  /** Whether another page may follow. */
  more: boolean;
  pageSize: number;
  categories: ListingCategory[];
};

const dollars = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The active filters, each with the address of the same search without it. */
function chips(query: ListingListQuery, categories: ListingCategory[]): Array<{ key: string; label: string; href: string }> {
  const without = (...keys: Array<keyof ListingListQuery>) => {
    const q = { ...query, page: undefined };
    for (const k of keys) delete q[k];
    return routes.listings(q);
  };
  const out: Array<{ key: string; label: string; href: string }> = [];
  if (query.q) out.push({ key: 'q', label: `“${query.q}”`, href: without('q') });
  if (query.category)
    out.push({
      key: 'category',
      label: categories.find((c) => c.id === query.category)?.title ?? 'This category',
      href: without('category'),
    });
  if (query.min !== undefined && query.max !== undefined)
    out.push({ key: 'price', label: `${dollars(query.min)} to ${dollars(query.max)}`, href: without('min', 'max') });
  else if (query.min !== undefined) out.push({ key: 'price', label: `From ${dollars(query.min)}`, href: without('min') });
  else if (query.max !== undefined) out.push({ key: 'price', label: `Up to ${dollars(query.max)}`, href: without('max') });
  if (query.where) out.push({ key: 'where', label: `In “${query.where}”`, href: without('where') });
  if (query.status) out.push({ key: 'status', label: query.status === 'closed' ? 'Closed' : 'Open and closed', href: without('status') });
  if (query.photos) out.push({ key: 'photos', label: 'With photos', href: without('photos') });
  if (query.seller) out.push({ key: 'seller', label: 'One seller’s listings', href: without('seller') });
  if (query.sort) out.push({ key: 'sort', label: 'Most viewed first', href: without('sort') });
  return out;
}

/** /listings: the filters, the active ones as removable chips, a page of listings and the way to the others. */
export function ListingsPage({ query, listings, more, pageSize, categories }: ListingsPageProps) {
  const page = query.page ?? 1;
  const active = chips(query, categories);
  const first = (page - 1) * pageSize + 1;
  return (
    <div className="mx-auto w-full max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Listings</h1>
        <a href={routes.newListing} className={buttonStyles.primary}>
          Sell something
        </a>
      </div>

      <ListingFilters query={query} categories={categories} />

      {active.length ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <h2 className="sr-only">Active filters</h2>
          <ul aria-label="Active filters" className="flex flex-wrap gap-2">
            {active.map((chip) => (
              <li key={chip.key}>
                <a
                  href={chip.href}
                  aria-label={`Remove filter: ${chip.label}`}
                  className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900 hover:bg-indigo-100 dark:bg-indigo-950/60 dark:text-indigo-100 dark:hover:bg-indigo-900"
                >
                  {chip.label}
                  <span aria-hidden="true">×</span>
                </a>
              </li>
            ))}
          </ul>
          <a href={routes.listings()} className="link text-sm">
            Clear all filters
          </a>
        </div>
      ) : null}

      {listings === undefined ? (
        <p role="alert" className="card mt-4">
          These filters could not be used (the category may no longer exist).{' '}
          <a href={routes.listings()} className="link">
            See all listings
          </a>
        </p>
      ) : listings.length === 0 ? (
        <div role="status" className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">
            {page > 1 ? 'No more listings.' : active.length ? 'No listings match these filters.' : 'No listings yet.'}
          </p>
          {active.length ? (
            <a href={routes.listings()} className="link mt-2 inline-block">
              Clear the filters
            </a>
          ) : null}
        </div>
      ) : (
        <>
          <p role="status" className="muted mt-6">
            {page === 1 && !more
              ? `${listings.length} ${listings.length === 1 ? 'listing' : 'listings'}`
              : `Listings ${first}–${first + listings.length - 1}`}
          </p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((l) => (
              <li key={l.id}>
                <ListingCard listing={l} />
              </li>
            ))}
          </ul>
        </>
      )}

      {page > 1 || more ? (
        <nav aria-label="Pages of listings" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <a href={routes.listings({ ...query, page: page - 1 })} className={buttonStyles.secondary} rel="prev">
              Previous page
            </a>
          ) : (
            <span />
          )}
          <span className="muted">Page {page}</span>
          {more ? (
            <a href={routes.listings({ ...query, page: page + 1 })} className={buttonStyles.secondary} rel="next">
              Next page
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
