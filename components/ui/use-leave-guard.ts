'use client';

import { useEffect } from 'react';
import { useLatest } from './use-latest';

/**
 * Asks before the page is left while `hasUnsaved()` says something would be lost: the browser's
 * own question for a reload, a closed tab or another site (beforeunload); a confirm for a link
 * to another page of this site (clicks are caught before the site's client-side navigation sees
 * them) and for Back and Forward when they move within the site without loading a page (where
 * the browser has the Navigation API). A navigation the page starts itself (after saving) is
 * not asked about.
 */
export function useLeaveGuard(hasUnsaved: () => boolean, message: string) {
  const check = useLatest(hasUnsaved);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!check.current()) return;
      e.preventDefault();
      // Older browsers need a value; every browser shows its own words.
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      // Another site is a full page load: beforeunload asks. The same page (a fragment) leaves nothing.
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search))
        return;
      if (check.current() && !window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    // Back or Forward to an entry of this same document: the router would render that page
    // without a load, so beforeunload does not ask. The Navigation API's navigate event comes
    // before the history moves and may be cancelled for such a traversal (popstate comes after
    // the move, and after the router has already rendered the other page). Written by hand
    // because no kept library guards the App Router's history (Next has no "before navigate" hook).
    type NavigateEvent = Event & { navigationType: string };
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const onNavigate = (event: Event) => {
      const e = event as NavigateEvent;
      if (e.navigationType !== 'traverse' || !e.cancelable || !check.current()) return;
      if (!window.confirm(message)) e.preventDefault();
    };
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigation?.removeEventListener('navigate', onNavigate);
      document.removeEventListener('click', onClick, true);
    };
  }, [check, message]);
}
