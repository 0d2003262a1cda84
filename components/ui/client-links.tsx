'use client';

import { useRouter } from 'next/navigation';
import type { MouseEvent, ReactNode } from 'react';

/**
 * Client-side navigation for the plain <a href="/…"> links inside items (names, times, cards):
 * one click handler for the whole page instead of a next/link per link. A feed page holds some
 * sixty such links, and next/link's per-link machinery (prefetch observer, router hooks) cost
 * about a quarter of the page's server render time (measured with `npm run bench`), for links
 * that are not prefetched anyway. Clicks that mean "elsewhere" are left to the browser: with a
 * modifier key or another button, a target, a download, another origin, or /api/.
 */
export function ClientLinks({ children }: { children: ReactNode }) {
  const router = useRouter();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.('a[href]');
    if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute('download') || a.dataset.reload !== undefined) return;
    const url = new URL(a.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    // Same page, another fragment: the browser scrolls.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    e.preventDefault();
    router.push(url.pathname + url.search + url.hash);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- catches clicks bubbling from the links inside (Enter on a link is a click too); the div takes no focus and does nothing itself
    <div className="contents" onClick={onClick}>
      {children}
    </div>
  );
}
