'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** How often the page is read again while some of its songs are being converted. */
const EVERY_MS = 4000;
/** A conversion that takes longer than this is left for the person to reload. */
const GIVE_UP_MS = 10 * 60_000;

/**
 * While some of a playlist's songs are being converted (its owner's page), the page is read again
 * every few seconds, so that a song becomes playable (and a failure is told) without a reload.
 */
export function SongsConverting() {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - started > GIVE_UP_MS) clearInterval(timer);
      else router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [router]);
  return (
    <p className="muted mt-2 text-sm" role="status">
      Some songs are being converted: they can be played once they are ready.
    </p>
  );
}
