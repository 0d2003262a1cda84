import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, FilterCheckbox, FilterSelect, FilterText, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import { chipsOf } from '@/lib/list-query';
import type { ListingsPageProps } from '@/lib/listings/list';
import { listingList, type ListingListQuery } from '@/lib/listings/list-query';
import { routes } from '@/lib/routes';
import { ListingCard } from './listing-card';

const dollars = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

function priceChip({ min, max }: ListingListQuery): string | undefined {
  if (min !== undefined && max !== undefined) return `${dollars(min)} to ${dollars(max)}`;
  if (min !== undefined) return `From ${dollars(min)}`;
  if (max !== undefined) return `Up to ${dollars(max)}`;
  return undefined;
}

/** A price bound of the filters (a number in dollars, cents allowed). */
function PriceField({ name, label, value }: { name: 'min' | 'max'; label: string; value: number | undefined }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        defaultValue={value ?? ''}
        className="field"
      />
    </div>
  );
}

/** /listings (the list-page kit, components/ui/list/): the filters, the active ones as chips, a page of listings, the pager. */
export function ListingsPage({ query, list, categories }: ListingsPageProps) {
  const chips = chipsOf(
    query,
    routes.listings,
    [
      [priceChip(query), 'min', 'max'],
      [query.where && `In “${query.where}”`, 'where'],
      [query.status && (query.status === 'closed' ? 'Closed' : 'Open and closed'), 'status'],
      [query.photos && 'With photos', 'photos'],
      [query.user && 'One seller’s listings', 'user'],
      [query.sort && 'Most viewed first', 'sort'],
    ],
    categories,
  );
  return (
    <div className="mx-auto w-full max-w-5xl">
      <ListHeader title="Listings" action={{ href: routes.newListing, label: 'Sell something' }} />
      <ListFilters label="Filter listings" words={listingList.words} query={query} hrefOf={routes.listings} keep={['user']} columns={4}>
        <CategoryFilter value={query.category} categories={categories} />
        <FilterText name="where" label="Location" value={query.where} />
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">Price in dollars</legend>
          <PriceField name="min" label="Price from" value={query.min} />
          <PriceField name="max" label="Price to" value={query.max} />
        </fieldset>
        <FilterSelect name="status" label="Status" value={query.status} options={{ '': 'Open', closed: 'Closed', all: 'All' }} />
        <SortFilter value={query.sort} />
        <FilterCheckbox name="photos" label="With photos only" checked={query.photos ?? false} />
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={routes.listings()} />
      <ListResults
        list={list}
        noun={['listing', 'listings']}
        filtered={chips.length > 0}
        clearHref={routes.listings()}
        empty="No listings yet."
        item={(listing, i) => <ListingCard listing={listing} firstRow={i < 3} />}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      />
      <Pager label="Pages of listings" page={list.page} more={list.more} hrefOf={(n) => routes.listings({ ...query, page: n })} />
    </div>
  );
}
