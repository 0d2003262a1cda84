import { getIronSession } from 'iron-session';
import { cookies } from 'next/headers';
import { signedInMemberId } from '../auth/session.ts';
import { env } from '../env.ts';
import { LegacyApiError } from './client.ts';
import { LEGACY_TOKEN_TTL_SECONDS, legacySessionOptions } from './cookie.ts';
import { expireSession } from './methods.ts';

// The legacy app's session, read and written through iron-session (the cookie: cookie.ts). It is
// tied to the site's own session in this browser where the app can see that one (the web
// client's session cookie reaches the app's pages when the site's page that frames them is of
// the same site, as in development and the tests; a partitioned cross-site frame does not see
// it): a key is taken only for the member signed in here (app/apps/legacy/route.ts), a session
// whose member is not the one signed in here is no session, and signing out ends it.

export { LEGACY_TOKEN_TTL_SECONDS };

export interface LegacySessionData {
  token?: string;
  /** Epoch ms after which the token is no use (the API's tokens live two hours). */
  expiresAt?: number;
  /** The member the token acts for (user.getUser when the key was taken). */
  userId?: number;
}

export async function legacySession() {
  return getIronSession<LegacySessionData>(await cookies(), legacySessionOptions(env()));
}

/**
 * The token of this browser's legacy session, or undefined when it has none, it has run out, or
 * it acts for another member than the one signed in to the site here (a new sign-in as someone
 * else ends the app's session of the one before).
 */
export async function legacyToken(): Promise<string | undefined> {
  const s = await legacySession();
  if (!s.token || (s.expiresAt ?? 0) <= Date.now()) return undefined;
  const member = await signedInMemberId();
  return member === undefined || member === s.userId ? s.token : undefined;
}

/**
 * Ends a token at the API (auth.expireSession, an extension of the API's): a token the API cannot
 * end now (one that does not know the method, or cannot be reached) runs out in its two hours.
 */
export async function endLegacyToken(token: string): Promise<void> {
  try {
    await expireSession(token);
  } catch (e) {
    if (!(e instanceof LegacyApiError)) throw e;
  }
}

/**
 * Ends this browser's legacy session: the cookie is cleared and its token ended at the API. For
 * route handlers and server actions, which may set cookies.
 */
export async function endLegacySession(): Promise<void> {
  const s = await legacySession();
  const token = s.token;
  s.destroy();
  if (token) await endLegacyToken(token);
}
