import type { LinkProvider } from './players.ts';

// The two players a link video opens (their origins are the CSP's frame-src:
// lib/security-headers.ts VIDEO_PLAYER_ORIGINS). A module of its own so that only the players'
// chunk (components/videos/link-player.tsx) holds them: the bench checks that no page's first load
// does (bench/js-size.ts).

/** The player's address: YouTube's without cookies (youtube-nocookie.com), Vimeo's; it starts playing (the person pressed play). */
export function playerSrc(provider: LinkProvider, code: string): string {
  const id = encodeURIComponent(code);
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}
