'use client';

import { useState, type CSSProperties } from 'react';
import { playerSrc } from '@/lib/videos/player-src';
import { PROVIDER_NAMES, type LinkProvider } from '@/lib/videos/players';

export type LinkPlayerProps = {
  provider: LinkProvider;
  code: string;
  title: string;
  poster: string;
  /** The box's shape (the player's size), so that nothing moves when it loads. */
  style: CSSProperties;
  /** The poster waits until it is near (below the first screen). */
  lazy?: boolean;
};

/**
 * A YouTube or Vimeo video that loads nothing of the provider until the person presses play: its
 * poster (stored by our API) under a play button; then the provider's player in a frame (YouTube's
 * without cookies), playing. Before that no request reaches the provider, and the CSP allows no
 * other frame (lib/security-headers.ts).
 */
export function LinkPlayer({ provider, code, title, poster, style, lazy = false }: LinkPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const name = PROVIDER_NAMES[provider];
  if (playing) {
    return (
      <iframe
        src={playerSrc(provider, code)}
        title={`${title} (${name} player)`}
        style={style}
        className="block w-full rounded-xl bg-black"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      style={style}
      className="group relative block w-full overflow-hidden rounded-xl bg-slate-900 focus-visible:outline-4 focus-visible:outline-offset-2"
    >
      {/* The name is the button's own words (WCAG 2.5.3): what it plays, then the visible note. */}
      <span className="sr-only">Play “{title}”: </span>
      {poster ? (
        <img src={poster} alt="" loading={lazy ? 'lazy' : undefined} className="absolute inset-0 size-full object-cover" decoding="async" />
      ) : null}
      <span
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-slate-950/80 text-white group-hover:bg-indigo-700"
      >
        <svg viewBox="0 0 24 24" className="ml-1 size-8" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="absolute right-2 bottom-2 rounded bg-slate-950/85 px-2 py-0.5 text-xs text-white">
        Plays on {name} when you press play
      </span>
    </button>
  );
}
