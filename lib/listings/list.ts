import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { getCachedListingChoices } from '@/lib/listings/choices';
import { dashboardListingList, listingList, type DashboardListingsQuery, type ListingListQuery } from '@/lib/listings/list-query';
import { listListings, type ListingCategory, type ListingSummary } from '@/lib/social-api/classifieds';

export type ListingListRouteProps = { searchParams: Promise<SearchParams> };

export type MyListingsPageProps = {
  query: DashboardListingsQuery;
  list: ListPageData<ListingSummary>;
};

export type ListingsPageProps = {
  query: ListingListQuery;
  list: ListPageData<ListingSummary>;
  categories: ListingCategory[];
};

const PAGE_SIZE = 12;
const DASHBOARD_PAGE_SIZE = 20;

/** One page of /listings from the words of its URL (lib/list-page.ts). */
export async function loadListingList({ searchParams }: ListingListRouteProps): Promise<ListingsPageProps> {
  const query = listingList.parse(await searchParams);
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    (s, { page, limit }) =>
      listListings(s.accessToken, {
        keywords: query.q,
        categoryId: query.category,
        status: query.status === 'closed' ? 'only_closed' : query.status === 'all' ? 'all' : 'only_open',
        sort: query.sort === 'views' ? 'most_viewed' : 'most_recent',
        withPhotos: query.photos,
        priceMin: query.min,
        priceMax: query.max,
        location: query.where,
        userId: query.user,
        page,
        limit,
      }),
    getCachedListingChoices,
  );
  return { query, list, categories: choices.categories };
}

/** One page of the seller's table (/dashboard/listings) from the words of its URL. */
export async function loadMyListings({ searchParams }: ListingListRouteProps): Promise<MyListingsPageProps> {
  const query = dashboardListingList.parse(await searchParams);
  const [list] = await loadListPage({ page: query.page, pageSize: DASHBOARD_PAGE_SIZE }, (s, { page, limit }) =>
    listListings(
      s.accessToken,
      {
        keywords: query.q,
        status: query.status === 'open' ? 'only_open' : query.status === 'closed' ? 'only_closed' : 'all',
        page,
        limit,
      },
      true,
    ),
  );
  return { query, list };
}
