import type { Metadata } from 'next';
import { MyListingsPage } from '@/components/dashboard/my-listings-page';
import { loadMyListings, type ListingListRouteProps } from '@/lib/listings/list';

export const metadata: Metadata = { title: 'Your listings · Dashboard' };
// One's own listings as they are now: never cached, never another person's.
export const dynamic = 'force-dynamic';

/** The seller's listings as a table, filtered by status and keywords from the URL, a page at a time. */
export default async function DashboardListingsRoute(props: ListingListRouteProps) {
  return <MyListingsPage {...await loadMyListings(props)} />;
}
