import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { env } from '../env.ts';
import { sessionCookieName } from './cookies.ts';

/** The session id inside a session cookie's value (next-auth's encrypted JWT); null when invalid or expired. */
export async function sessionIdFromCookie(value: string | undefined, secret: string): Promise<string | null> {
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret });
    return typeof token?.sid === 'string' && token.sid ? token.sid : null;
  } catch {
    return null; // tampered with, sealed under another secret, or expired
  }
}

/** The session id of the current request (server components, actions, route handlers). */
export async function readSessionId(): Promise<string | null> {
  const e = env();
  return sessionIdFromCookie((await cookies()).get(sessionCookieName(e.secure))?.value, e.SESSION_SECRET);
}
