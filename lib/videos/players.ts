// The two players a link video opens (their origins are the CSP's frame-src:
// lib/security-headers.ts VIDEO_PLAYER_ORIGINS), and the provider's own page of the video. No
// imports: the link player (components/videos/link-player.tsx) runs in the browser.

export type LinkProvider = 'youtube' | 'vimeo';

/** The player's address: YouTube's without cookies (youtube-nocookie.com), Vimeo's; it starts playing (the person pressed play). */
export function playerSrc(provider: LinkProvider, code: string): string {
  const id = encodeURIComponent(code);
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}

/** The video on its provider's site (a plain link, for a page without scripts). */
export function providerPage(provider: LinkProvider, code: string): string {
  const id = encodeURIComponent(code);
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

export const PROVIDER_NAMES: Record<LinkProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };
