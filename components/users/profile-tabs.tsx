'use client';

import { usePathname } from 'next/navigation';
import { tabClass } from '@/components/ui/list/list-header';
import { routes } from '@/lib/routes';

const TABS = [
  ['', 'Posts'],
  ['/albums', 'Albums'],
  ['/blogs', 'Blogs'],
  ['/listings', 'Listings'],
  ['/events', 'Events'],
  ['/groups', 'Groups'],
  ['/friends', 'Friends'],
] as const;

/**
 * A profile's tabs, each its own page; the current one says so (the layout around them does not
 * know the path). Groups only where the site has them.
 */
export function ProfileTabs({ id, groups }: { id: number; groups: boolean }) {
  const pathname = usePathname();
  const base = routes.user(id);
  return (
    <nav aria-label="Profile" className="-mx-6 mt-5 -mb-6 flex flex-wrap gap-1 border-t border-slate-200 px-4 dark:border-slate-800">
      {TABS.filter(([path]) => groups || path !== '/groups').map(([path, label]) => {
        const href = `${base}${path}`;
        const current = pathname === href;
        return (
          <a key={path} href={href} aria-current={current ? 'page' : undefined} className={tabClass(current)}>
            {label}
          </a>
        );
      })}
    </nav>
  );
}
