'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { PLAY_EVENT, type PlayRequest } from '@/lib/music/player-bus';

// The site player's place in the site's frame (components/shell/site-chrome.tsx): it renders
// nothing and loads nothing until a play button asks to play (lib/music/player-bus.ts), then
// loads the player once. It lives in the layout, so the player and its <audio> stay while the
// person browses other pages (client navigations keep the layout).
const MusicPlayer = lazy(() => import('./music-player').then((m) => ({ default: m.MusicPlayer })));

export function PlayerHost() {
  const [request, setRequest] = useState<PlayRequest | null>(null);
  useEffect(() => {
    const onPlay = (e: Event) => setRequest({ ...(e as CustomEvent<PlayRequest>).detail });
    window.addEventListener(PLAY_EVENT, onPlay);
    return () => window.removeEventListener(PLAY_EVENT, onPlay);
  }, []);
  return request ? (
    <Suspense fallback={null}>
      <MusicPlayer request={request} />
    </Suspense>
  ) : null;
}
