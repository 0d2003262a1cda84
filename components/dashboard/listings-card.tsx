import { COUNT_MAX, countMyListings } from '@/lib/social-api/classifieds';
import { routes } from '@/lib/routes';
import { dashboardCard } from './card';
import { SummaryCard } from './summary-card';

const count = (n: number) => (n >= COUNT_MAX ? `${COUNT_MAX}+` : String(n));

/** The overview's listings: how many are open and closed, each a link into the table so filtered. */
export const listingsCard = dashboardCard({
  key: 'listings',
  load: async (s) => {
    const [open, closed] = await Promise.all([countMyListings(s.accessToken, 'only_open'), countMyListings(s.accessToken, 'only_closed')]);
    return { open, closed };
  },
  render: ({ open, closed }: { open: number; closed: number }) => (
    <SummaryCard
      title="Your listings"
      all={{ href: routes.dashboardListings(), label: 'Manage your listings' }}
      figures={[
        { label: 'Open', value: count(open), href: routes.dashboardListings({ status: 'open' }) },
        { label: 'Closed', value: count(closed), href: routes.dashboardListings({ status: 'closed' }) },
      ]}
    />
  ),
});
