import { buttonStyles } from '@/components/ui/button';
import { ActiveFilters } from '@/components/ui/list/active-filters';
import { FilterSelect, ListFilters } from '@/components/ui/list/list-filters';
import { Pager } from '@/components/ui/list/pager';
import { chipsOf } from '@/lib/list-query';
import type { MyListingsPageProps } from '@/lib/listings/list';
import type { ItemMessageCounts } from '@/lib/messages/item-counts';
import { dashboardListingList } from '@/lib/listings/list-query';
import { routes } from '@/lib/routes';
import { MyListingsTable } from './my-listings-table';

/** /dashboard/listings: the list-page kit's filters, chips and pager around the seller's table. */
export function MyListingsPage({ query, list, messages }: MyListingsPageProps & { messages?: ItemMessageCounts }) {
  const chips = chipsOf(query, routes.dashboardListings, [[query.status && (query.status === 'open' ? 'Open' : 'Closed'), 'status']]);
  return (
    <section aria-labelledby="my-listings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-listings" className="text-xl font-semibold">
          Your listings
        </h2>
        <a href={routes.newListing} className={buttonStyles.primary}>
          New listing
        </a>
      </div>
      <ListFilters
        label="Filter your listings"
        words={dashboardListingList.words}
        query={query}
        hrefOf={routes.dashboardListings}
        columns={2}
      >
        <FilterSelect name="status" label="Status" value={query.status} options={{ '': 'All', open: 'Open', closed: 'Closed' }} />
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={routes.dashboardListings()} />
      {/* Keyed by its address: another filter or page starts with nothing selected and no results shown. */}
      <MyListingsTable key={routes.dashboardListings(query)} query={query} listings={list.items ?? []} messages={messages} />
      <Pager
        label="Pages of your listings"
        page={list.page}
        more={list.more}
        hrefOf={(n) => routes.dashboardListings({ ...query, page: n })}
      />
    </section>
  );
}
