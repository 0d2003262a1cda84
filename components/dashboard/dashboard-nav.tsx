'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { tabClass } from '@/components/ui/list/list-header';
import { routes } from '@/lib/routes';

const SECTIONS = [
  { href: routes.dashboard, label: 'Overview', current: (p: string) => p === routes.dashboard },
  { href: routes.dashboardListings(), label: 'Listings', current: (p: string) => p.startsWith('/dashboard/listings') },
  { href: routes.dashboardEvents(), label: 'Events', current: (p: string) => p.startsWith('/dashboard/events') },
];

/** The dashboard's sections, as tabs under its heading. A module adds its section here with its page. */
export function DashboardNav() {
  const path = usePathname();
  return (
    <nav aria-label="Dashboard" className="mt-4 flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {SECTIONS.map((s) => {
        const here = s.current(path);
        return (
          <Link key={s.href} href={s.href} aria-current={here ? 'page' : undefined} className={tabClass(here)}>
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}
