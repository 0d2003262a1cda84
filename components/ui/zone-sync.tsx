'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Tells the server the browser's time zone (a cookie the server reads: lib/time/reader-clock.ts) and,
 * when it was not told yet or the zone has changed (travel), renders the page again in it. The
 * cookie is compared, not the server's zone: the server may spell a zone its own way
 * (Asia/Calcutta for Asia/Kolkata), which must not make the page render again and again.
 */
export function ZoneSync({ serverZone }: { serverZone: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const told = document.cookie
      .split('; ')
      .find((c) => c.startsWith('tz='))
      ?.slice(3);
    if (told && decodeURIComponent(told) === zone) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    // Rendered in this zone already (the server's guess was right): told for next time, no render
    // again — which would also race what the page does once shown (the notifications list marking
    // itself read would come back from it with no row new).
    if (zone === serverZone) return;
    router.refresh();
  }, [serverZone, router]);
  return null;
}
