'use client';

import { useLinkStatus } from 'next/link';
import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { Fragment, type ComponentType, type ReactNode } from 'react';
import {
  BellIcon,
  BlogIcon,
  CalendarIcon,
  DashboardIcon,
  FeedIcon,
  MailIcon,
  MusicIcon,
  PhotoIcon,
  TagIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
  type IconProps,
} from '@/components/ui/icons';
import { routes } from '@/lib/routes';

type Entry = { href: string; label: string; icon: ComponentType<IconProps>; current: (path: string) => boolean };

/**
 * The site's sections. An entry is added in the same change that builds its page: no link of
 * the product may lead to a page that does not exist.
 */
function entries(viewerId: number): Entry[] {
  const wall = routes.user(viewerId);
  return [
    { href: routes.home, label: 'Feed', icon: FeedIcon, current: (p) => p === '/' || p.startsWith('/activities/') },
    { href: routes.albums(), label: 'Albums', icon: PhotoIcon, current: (p) => p.startsWith('/albums') || p.startsWith('/photos/') },
    { href: routes.blogs(), label: 'Blogs', icon: BlogIcon, current: (p) => p === '/blogs' || p.startsWith('/blogs/') },
    { href: routes.listings(), label: 'Listings', icon: TagIcon, current: (p) => p === '/listings' || p.startsWith('/listings/') },
    { href: routes.events(), label: 'Events', icon: CalendarIcon, current: (p) => p === '/events' || p.startsWith('/events/') },
    { href: routes.dashboard, label: 'Dashboard', icon: DashboardIcon, current: (p) => p === '/dashboard' || p.startsWith('/dashboard/') },
    { href: routes.friends, label: 'Friends', icon: UsersIcon, current: (p) => p === routes.friends },
    { href: routes.notifications, label: 'Notifications', icon: BellIcon, current: (p) => p === routes.notifications },
    { href: wall, label: 'Your wall', icon: UserIcon, current: (p) => p === wall || p.startsWith(`${wall}/`) },
  ];
}

/** A spinner while the link's page is on its way (client navigation has no loading.tsx to show). */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span aria-hidden="true" className="ml-auto size-3.5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
  ) : null;
}

/** One entry: its icon and words, the current one marked, a spinner while its page comes. */
function Entry({ href, label, icon, here }: { href: string; label: string; icon: ReactNode; here: boolean }) {
  return (
    <li>
      <Link
        href={href}
        aria-current={here ? 'page' : undefined}
        className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
          here
            ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
        }`}
      >
        {icon}
        {label}
        <Pending />
      </Link>
    </li>
  );
}

/** The sections a server may not have (extensions of the API): each shown only where it is, after the entry `after` names. */
const OPTIONAL = {
  messages: { href: routes.messages(), label: 'Messages', icon: MailIcon, after: routes.friends },
  groups: { href: routes.groups(), label: 'Groups', icon: UsersIcon, after: routes.events() },
  videos: { href: routes.videos(), label: 'Videos', icon: VideoIcon, after: routes.albums() },
  music: { href: routes.music(), label: 'Music', icon: MusicIcon, after: routes.albums() },
} as const;

/** Which of the sections a server may not have this one has (components/shell/site-chrome.tsx asks). */
export type OptionalSections = Record<keyof typeof OPTIONAL, boolean>;

/**
 * The primary navigation: a column on wide screens, a row above the page on narrow ones. The
 * sections a server may not have (messages, groups, videos, music) have an entry only where
 * `optional` says the server has them, so that a server without one shows no way there: Videos
 * and Music after Albums, Groups after Events, Messages after Friends.
 */
export function PrimaryNav({ viewerId, optional }: { viewerId: number; optional: OptionalSections }) {
  const path = usePathname();
  return (
    <nav aria-label="Primary" className="mb-6 lg:mb-0">
      <ul className="flex gap-1 overflow-x-auto lg:sticky lg:top-6 lg:flex-col">
        {entries(viewerId).map(({ href, label, icon: Icon, current }) => (
          <Fragment key={href}>
            <Entry href={href} label={label} icon={<Icon className="size-5 shrink-0" />} here={current(path)} />
            {(Object.keys(OPTIONAL) as Array<keyof typeof OPTIONAL>)
              .filter((section) => optional[section] && OPTIONAL[section].after === href)
              .map((section) => {
                const { href: to, label: words, icon: SectionIcon } = OPTIONAL[section];
                return (
                  <Entry
                    key={section}
                    href={to}
                    label={words}
                    icon={<SectionIcon className="size-5 shrink-0" />}
                    here={path === to || path.startsWith(`${to}/`)}
                  />
                );
              })}
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
