import { createHmac } from 'node:crypto';
import type { SessionOptions } from 'iron-session';
import type { Env } from '../env.ts';

// The legacy app's session cookie (DESIGN.md): the token /token.php gave for the one-time key,
// sealed (encrypted and signed) by iron-session in a cookie of its own. The browser holds only
// the seal; the token itself never reaches it. The app lives in a frame of the site (another
// origin): over HTTPS the cookie is SameSite=None; Secure; Partitioned (CHIPS), so that the
// browser sends it inside that cross-site frame (and keeps it to frames of that site); over
// plain HTTP (development, tests) it is SameSite=Lax, which is sent in a frame whose page is
// of the same site (localhost:4000 framing localhost:3000).

/** How long the app keeps a token: the api-server's legacy token lifetime (the document leaves it open). */
export const LEGACY_TOKEN_TTL_SECONDS = 2 * 3600;

export const legacyCookieName = (secure: boolean) => (secure ? '__Host-social-web.legacy' : 'social-web.legacy');

/** LEGACY_SESSION_SECRET, or a secret derived from SESSION_SECRET (another key for another cookie). */
export function legacySessionPassword(e: Pick<Env, 'LEGACY_SESSION_SECRET' | 'SESSION_SECRET'>): string {
  return e.LEGACY_SESSION_SECRET ?? createHmac('sha256', e.SESSION_SECRET).update('social-web legacy app session v1').digest('hex');
}

export function legacySessionOptions(e: Env): SessionOptions {
  return {
    cookieName: legacyCookieName(e.secure),
    password: legacySessionPassword(e),
    ttl: LEGACY_TOKEN_TTL_SECONDS,
    cookieOptions: e.secure
      ? { httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/' }
      : { httpOnly: true, secure: false, sameSite: 'lax', path: '/' },
  };
}
