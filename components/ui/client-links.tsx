'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent, MouseEvent, ReactNode } from 'react';

/**
 * Client-side navigation for the plain <a href="/…"> links inside items (names, times, cards):
 * one click handler for the whole page instead of a next/link per link. A feed page holds some
 * sixty such links, and next/link's per-link machinery (prefetch observer, router hooks) cost
 * about a quarter of the page's server render time (measured with `npm run bench`), for links
 * that are not prefetched anyway. Clicks that mean "elsewhere" are left to the browser: with a
 * modifier key or another button, a target, a download, another origin, or /api/.
 *
 * The list pages' filter forms (components/ui/list/list-filters.tsx, GET forms marked
 * `data-filters` with the list's words) go the same way: to the list's address in its words'
 * order, without the fields left empty, as a client navigation. Without JavaScript they are
 * plain GET forms, and the page reads an empty field as no filter.
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
  const onSubmit = (e: FormEvent<HTMLDivElement>) => {
    const form = e.target;
    if (e.defaultPrevented || !(form instanceof HTMLFormElement) || form.dataset.filters === undefined) return;
    const action = new URL(form.action);
    if (action.origin !== window.location.origin) return;
    e.preventDefault();
    const data = new FormData(form);
    const params = new URLSearchParams();
    for (const word of form.dataset.filters.split(' ')) {
      const value = data.get(word);
      if (typeof value === 'string' && value.trim()) params.set(word, value.trim());
    }
    const search = params.toString();
    router.push(search ? `${action.pathname}?${search}` : action.pathname);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- catches clicks and submits bubbling from the links and forms inside (Enter on a link is a click too); the div takes no focus and does nothing itself
    <div className="contents" onClick={onClick} onSubmit={onSubmit}>
      {children}
    </div>
  );
}
