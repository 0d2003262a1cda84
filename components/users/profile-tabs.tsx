'use client';

import { usePathname } from 'next/navigation';
import { tabClass } from '@/components/ui/list/list-header';
import { routes } from '@/lib/routes';

/** A tab: its path under the profile, its label, and (an extension of the API) what the site must have for it. */
type Tab = readonly [path: string, label: string, only?: 'videos' | 'groups'];

const TABS: readonly Tab[] = [
  ['', 'Posts'],
  ['/albums', 'Albums'],
  ['/videos', 'Videos', 'videos'],
  ['/blogs', 'Blogs'],
  ['/listings', 'Listings'],
  ['/events', 'Events'],
  ['/groups', 'Groups', 'groups'],
  ['/friends', 'Friends'],
];

export type ProfileTabsProps = {
  id: number;
  /** The site has videos (an extension): a Videos tab. */
  videos?: boolean;
  /** The site has groups (an extension): a Groups tab. */
  groups?: boolean;
};

/** A profile's tabs, each its own page; the current one says so (the layout around them does not know the path). */
export function ProfileTabs({ id, ...has }: ProfileTabsProps) {
  const pathname = usePathname();
  const base = routes.user(id);
  return (
    <nav aria-label="Profile" className="-mx-6 mt-5 -mb-6 flex flex-wrap gap-1 border-t border-slate-200 px-4 dark:border-slate-800">
      {TABS.filter(([, , only]) => !only || has[only]).map(([path, label]) => {
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
