'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
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
          <Link
            key={s.href}
            href={s.href}
            aria-current={here ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              here
                ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}
