'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { authCookies, sessionCookieOptions } from '@/lib/auth/cookies';
import { endSession } from '@/lib/auth/runtime';
import { readSessionId } from '@/lib/auth/session-id';
import { env } from '@/lib/env';
import { endLegacySession } from '@/lib/legacy/session';

/**
 * Sign-out (a POST: server actions are, and Next refuses them from another Origin). Revokes
 * the grant at the API, deletes the session record, clears the cookie, ends the legacy app's
 * session of this browser (its cookie and its token: lib/legacy/session.ts), and goes home.
 */
export async function signOut(): Promise<void> {
  const e = env();
  const sid = await readSessionId();
  if (sid) await endSession(sid);
  await endLegacySession();
  const jar = await cookies();
  const names = authCookies(e.secure);
  // Same attributes as when set: a __Host- cookie is only replaced by a Secure, Path=/ one.
  for (const name of [names.sessionToken.name, names.callbackUrl.name]) {
    jar.set(name, '', { ...sessionCookieOptions(e.secure), maxAge: 0 });
  }
  revalidatePath('/', 'layout');
  redirect('/');
}
