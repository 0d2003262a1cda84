import type { Metadata } from 'next';
import { ListingsPage } from '@/components/listings/listings-page';
import { loadListingList, type ListingListRouteProps } from '@/lib/listings/list';

export const metadata: Metadata = { title: 'Listings' };

/** Listings the reader may see, filtered by the URL (/listings?q=…&min=…&max=…&where=…&status=…&photos=1&sort=views&page=2). */
export default async function ListingsRoute(props: ListingListRouteProps) {
  return <ListingsPage {...await loadListingList(props)} />;
}
