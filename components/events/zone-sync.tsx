'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Tells the server the browser's time zone (a cookie the server reads: lib/reader-clock.ts) and,
 * when it was unknown or has changed (travel), renders the page again in it.
 */
export function ZoneSync({ serverZone }: { serverZone: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === serverZone) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  }, [serverZone, router]);
  return null;
}
