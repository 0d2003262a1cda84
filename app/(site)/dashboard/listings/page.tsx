import type { Metadata } from 'next';
import { MyListingsPage } from '@/components/dashboard/my-listings-page';
import { loadPage } from '@/lib/auth/page-session';
import { loadMyListings, type ListingListRouteProps } from '@/lib/listings/list';
import { loadItemMessageCounts } from '@/lib/messages/item-counts';

export const metadata: Metadata = { title: 'Your listings · Dashboard' };
// One's own listings as they are now: never cached, never another person's.
export const dynamic = 'force-dynamic';

/**
 * The seller's listings as a table, filtered by status and keywords from the URL, a page at a
 * time, with the conversations about each (one more API call, beside the page's own read).
 */
export default async function DashboardListingsRoute(props: ListingListRouteProps) {
  const [data, messages] = await Promise.all([loadMyListings(props), loadPage((s) => loadItemMessageCounts(s, 'classified'))]);
  return <MyListingsPage {...data} messages={messages} />;
}
