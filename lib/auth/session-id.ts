import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { env } from '../env.ts';
import { sessionCookieName } from './cookies.ts';

// Opening the cookie (a key derivation and a decryption) is the same work for every request of
// a browser: its answer is kept, by the cookie's own value and secret, until the token expires.
// Only cookies that opened are kept, so garbage sent by anyone cannot fill it; bounded, oldest out.
const CACHE_MAX = 10_000;
const opened = new Map<string, { sid: string; expiresAt: number }>();

/** The session id inside a session cookie's value (next-auth's encrypted JWT); null when invalid or expired. */
export async function sessionIdFromCookie(value: string | undefined, secret: string): Promise<string | null> {
  if (!value) return null;
  const cacheKey = `${secret}\u0000${value}`;
  const hit = opened.get(cacheKey);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.sid;
    opened.delete(cacheKey);
  }
  try {
    const token = await decode({ token: value, secret });
    const sid = typeof token?.sid === 'string' && token.sid ? token.sid : null;
    if (sid && typeof token?.exp === 'number') {
      opened.set(cacheKey, { sid, expiresAt: token.exp * 1000 });
      if (opened.size > CACHE_MAX) opened.delete(opened.keys().next().value!);
    }
    return sid;
  } catch {
    return null; // tampered with, sealed under another secret, or expired
  }
}

/** The session id of the current request (server components, actions, route handlers). */
export async function readSessionId(): Promise<string | null> {
  const e = env();
  return sessionIdFromCookie((await cookies()).get(sessionCookieName(e.secure))?.value, e.SESSION_SECRET);
}
