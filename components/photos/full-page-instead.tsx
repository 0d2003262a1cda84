'use client';

import { useEffect } from 'react';

/**
 * In the viewer's place, when a photo was followed from a page the viewer does not open over:
 * the photo's full page, loaded whole (the router has already put `href` in the address bar;
 * this replaces that entry, so Back returns to the page the link was on).
 */
export function FullPageInstead({ href }: { href: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return null;
}
