import { getIronSession } from 'iron-session';
import { cookies } from 'next/headers';
import { env } from '../env.ts';
import { LEGACY_TOKEN_TTL_SECONDS, legacySessionOptions } from './cookie.ts';

// The legacy app's session, read and written through iron-session (the cookie: cookie.ts).

export { LEGACY_TOKEN_TTL_SECONDS };

export interface LegacySessionData {
  token?: string;
  /** Epoch ms after which the token is no use (the API's tokens live two hours). */
  expiresAt?: number;
}

export async function legacySession() {
  return getIronSession<LegacySessionData>(await cookies(), legacySessionOptions(env()));
}

/** The token of this browser's legacy session, or undefined when it has none or it has run out. */
export async function legacyToken(): Promise<string | undefined> {
  const s = await legacySession();
  return s.token && (s.expiresAt ?? 0) > Date.now() ? s.token : undefined;
}
