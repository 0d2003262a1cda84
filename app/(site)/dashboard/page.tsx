import type { Metadata } from 'next';
import { Fragment } from 'react';
import { DASHBOARD_CARDS } from '@/components/dashboard/cards';
import { loadPage } from '@/lib/auth/page-session';

export const metadata: Metadata = { title: 'Dashboard' };
// One's own figures, read on every visit: never cached, never another person's.
export const dynamic = 'force-dynamic';

/** The overview: each module's summary card (components/dashboard/cards.ts), read in parallel. */
export default async function DashboardRoute() {
  const data = await loadPage((s) => Promise.all(DASHBOARD_CARDS.map((c) => c.load(s))));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {DASHBOARD_CARDS.map((card, i) => (
        <Fragment key={card.key}>{card.render(data[i])}</Fragment>
      ))}
    </div>
  );
}
