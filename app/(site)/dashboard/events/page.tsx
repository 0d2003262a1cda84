import type { Metadata } from 'next';
import { OrganiserDashboard } from '@/components/events/organiser-dashboard';
import { loadPage } from '@/lib/auth/page-session';
import { getOrganiserRequests } from '@/lib/organiser';
import { readerClock } from '@/lib/reader-clock';

export const metadata: Metadata = { title: 'Your events · Dashboard' };

/** The organiser's events: a table of the events I lead (past ones on request) and every pending request. */
export default async function DashboardEventsRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const past = (await searchParams).when === 'past';
  const [{ events, requests }, clock] = await Promise.all([loadPage((s) => getOrganiserRequests(s.accessToken, past)), readerClock()]);
  return <OrganiserDashboard past={past} events={events} requests={requests} clock={clock} />;
}
