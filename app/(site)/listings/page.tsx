import type { Metadata } from 'next';
import { ListingsPage } from '@/components/listings/listings-page';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedListingChoices } from '@/lib/listings/choices';
import { parseListingListQuery } from '@/lib/listings/list-query';
import { listListings } from '@/lib/social-api/classifieds';
import { isApiError } from '@/lib/social-api/errors';

export const metadata: Metadata = { title: 'Listings' };

const PAGE_SIZE = 12;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Listings the reader may see, filtered by the URL (/listings?q=…&min=…&max=…&where=…&status=…&photos=1&sort=views&page=2):
 * one API call for the listings (the categories come from a per-person cache). Filters the API
 * refuses (a category that is not one: 400) show as such rather than as an error page.
 */
export default async function ListingsRoute({ searchParams }: Props) {
  const query = parseListingListQuery(await searchParams);
  const [listings, choices] = await loadPage((s) =>
    Promise.all([
      listListings(s.accessToken, {
        keywords: query.q,
        categoryId: query.category,
        status: query.status === 'closed' ? 'only_closed' : query.status === 'all' ? 'all' : 'only_open',
        sort: query.sort === 'views' ? 'most_viewed' : 'most_recent',
        withPhotos: query.photos,
        priceMin: query.min,
        priceMax: query.max,
        location: query.where,
        userId: query.seller,
        page: query.page,
        limit: PAGE_SIZE,
      }).catch((e: unknown) => {
        if (isApiError(e, 400)) return undefined;
        throw e;
      }),
      getCachedListingChoices(s),
    ]),
  );
  return (
    <ListingsPage
      query={query}
      listings={listings}
      more={listings?.length === PAGE_SIZE}
      pageSize={PAGE_SIZE}
      categories={choices.categories}
    />
  );
}
