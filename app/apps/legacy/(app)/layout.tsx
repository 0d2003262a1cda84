import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { getUnreadCounts } from '@/lib/legacy/methods';
import { readLegacy } from '@/lib/legacy/page';

export const metadata: Metadata = {
  title: { default: 'Social web app', template: '%s · Social web app' },
  robots: { index: false, follow: false },
};

const SECTIONS = [
  { href: '/apps/legacy/user', label: 'Profile' },
  { href: '/apps/legacy/friends', label: 'Friends' },
  { href: '/apps/legacy/photos', label: 'Photos' },
  { href: '/apps/legacy/songs', label: 'Songs' },
  { href: '/apps/legacy/notifications', label: 'Notifications' },
];

/**
 * The legacy app's own chrome, inside the site's frame: no site header or navigation (the site
 * around it has its own). Its sections are plain links, so that every page is rendered anew
 * with fresh unread counts (reading the notifications marks them read).
 */
export default async function LegacyAppLayout({ children }: { children: ReactNode }) {
  const [counts, path] = await Promise.all([
    readLegacy(getUnreadCounts),
    headers().then((h) => (h.get('x-request-path') ?? '').split('?')[0]),
  ]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <p className="font-semibold">Social web app</p>
          {counts.ok ? (
            <ul aria-label="Unread" className="flex gap-4 text-sm">
              <li>
                Mail: <strong>{counts.data.mail}</strong> unread
              </li>
              <li>
                Notifications: <strong>{counts.data.notifications}</strong> unread
              </li>
            </ul>
          ) : null}
        </div>
        {counts.ok || !counts.ended ? (
          <nav aria-label="App" className="mt-2">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.map((s) => (
                <li key={s.href}>
                  <a
                    href={s.href}
                    aria-current={path === s.href ? 'page' : undefined}
                    className="btn-ghost aria-[current=page]:font-semibold aria-[current=page]:underline"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main className="flex-1 p-4">{children}</main>
    </div>
  );
}
