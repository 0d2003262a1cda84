'use client';

import { usePathname } from 'next/navigation';
import { tabClass } from '@/components/ui/list/list-header';
import { routes } from '@/lib/routes';

type Tab = readonly [path: string, label: string];

const TABS: readonly Tab[] = [
  ['', 'Posts'],
  ['/albums', 'Albums'],
  ['/blogs', 'Blogs'],
  ['/listings', 'Listings'],
  ['/events', 'Events'],
  ['/friends', 'Friends'],
];

/** A tab of an extension of the API, shown where the site has it, after the tab it follows. */
const VIDEOS_TAB: Tab = ['/videos', 'Videos'];

export type ProfileTabsProps = {
  id: number;
  /** The site has videos (an extension): a Videos tab. */
  videos?: boolean;
};

/** A profile's tabs, each its own page; the current one says so (the layout around them does not know the path). */
export function ProfileTabs({ id, videos = false }: ProfileTabsProps) {
  const pathname = usePathname();
  const base = routes.user(id);
  const tabs = TABS.flatMap((tab): Tab[] => (videos && tab[0] === '/albums' ? [tab, VIDEOS_TAB] : [tab]));
  return (
    <nav aria-label="Profile" className="-mx-6 mt-5 -mb-6 flex flex-wrap gap-1 border-t border-slate-200 px-4 dark:border-slate-800">
      {tabs.map(([path, label]) => {
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
