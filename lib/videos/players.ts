// A link video's provider, the provider's own page of the video, and the box every player
// reserves. No imports but types: the players (components/videos/) run in the browser. The players'
// own addresses are player-src.ts, which only the players' chunk imports.

import type { CSSProperties } from 'react';

export type LinkProvider = 'youtube' | 'vimeo';

/** The video on its provider's site (a plain link, for a page without scripts). */
export function providerPage(provider: LinkProvider, code: string): string {
  const id = encodeURIComponent(code);
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

export const PROVIDER_NAMES: Record<LinkProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** A player's box: the video's shape (16:9 while unknown), reserved before anything of it loads (no layout shift). */
export function playerBox(v: { width: number | null; height: number | null }, maxHeight: string): CSSProperties {
  return { aspectRatio: `${v.width ?? 16} / ${v.height ?? 9}`, maxHeight };
}
