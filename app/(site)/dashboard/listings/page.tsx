import type { Metadata } from 'next';
import { MyListingsTable } from '@/components/dashboard/my-listings-table';
import { loadPage } from '@/lib/auth/page-session';
import { parseDashboardListingsQuery } from '@/lib/listings/list-query';
import { routes } from '@/lib/routes';
import { listListings } from '@/lib/social-api/classifieds';

export const metadata: Metadata = { title: 'Your listings · Dashboard' };
// One's own listings as they are now: never cached, never another person's.
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The seller's listings as a table, filtered by status and keywords from the URL, a page at a time. */
export default async function DashboardListingsRoute({ searchParams }: Props) {
  const query = parseDashboardListingsQuery(await searchParams);
  const listings = await loadPage((s) =>
    listListings(
      s.accessToken,
      {
        keywords: query.q,
        status: query.status === 'open' ? 'only_open' : query.status === 'closed' ? 'only_closed' : 'all',
        page: query.page,
        limit: PAGE_SIZE,
      },
      true,
    ),
  );
  // Keyed by its address: another filter or page starts with nothing selected and no results shown.
  return <MyListingsTable key={routes.dashboardListings(query)} query={query} listings={listings} more={listings.length === PAGE_SIZE} />;
}
