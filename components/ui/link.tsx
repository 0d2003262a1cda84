'use client';

// eslint-disable-next-line no-restricted-imports -- the one place next/link is used: every other link goes through this one
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'prefetch' | 'href'> & { href: string };

/**
 * The site's client-navigating link: next/link, prefetching its page when a person shows the intent
 * to follow it (the pointer over it, focus, a touch) rather than when it scrolls into view. Every
 * page of the site reads per person (no loading.tsx: docs/web/pages.md, "One read, before anything
 * streams"), so a prefetch brings only the route's tree and code, and on a slow laptop the
 * navigation's nine links prefetched at once after load cost the main thread ~100 ms at 4× (18
 * requests to the server per page view, their fetches and the router's cache work: measured with
 * Chromium's profiler); on intent the same prefetch is ready by the click for the one link that is
 * followed. (Next has no such mode: `prefetch={false}` also turns off its prefetch on hover.)
 */
export function Link({ href, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  // Each intent prefetches, then does what the caller asked for on that event.
  const prefetchThen =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      router.prefetch(href);
      handler?.(event);
    };
  return (
    <NextLink
      href={href}
      prefetch={false}
      onMouseEnter={prefetchThen(onMouseEnter)}
      onFocus={prefetchThen(onFocus)}
      onTouchStart={prefetchThen(onTouchStart)}
      {...props}
    />
  );
}
