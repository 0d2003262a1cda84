import { redirect } from 'next/navigation';
import { isApiError } from '../social-api/errors.ts';
import { redirectIfUnavailable } from '../unavailable.ts';
import { signedOutPath } from './return-to.ts';
import { authRuntime } from './runtime.ts';
import { getSession, requireSession, type Session } from './session.ts';
import { requestPath } from './viewer.ts';

/**
 * How a signed-in page reads its data: `load` gets the session (a signed-out visitor is sent to
 * sign in and comes back here) and makes the page's API calls. Every page and layout does its
 * reads through this, before anything is streamed (no loading.tsx above them), so that:
 * - an API that is down or slow sends the page to /unavailable (502/503/504; docs/web/pages.md,
 *   "One read, before anything streams");
 * - a token the API no longer accepts (401: revoked there) ends the session, and the person
 *   is told so on the sign-in page, which brings them back here;
 * - anything else goes on to the nearest error.tsx.
 */
export async function loadPage<T>(load: (session: Session) => Promise<T>): Promise<T> {
  const from = await requestPath();
  let session: Session;
  try {
    session = await requireSession(from);
  } catch (e) {
    redirectIfUnavailable(e, from);
    throw e;
  }
  try {
    return await load(session);
  } catch (e) {
    redirectIfUnavailable(e, from);
    if (isApiError(e, 401)) {
      await authRuntime().tokens.end(session.sid);
      redirect(signedOutPath(from));
    }
    throw e;
  }
}

/**
 * Who reads a public page: the signed-in person with their own token, or a visitor, for whom
 * the page reads with the BFF's client-credentials token (app-token.ts) what everyone may see.
 */
export interface Reader {
  token: string;
  /** The signed-in person's id; null for a visitor. */
  userId: number | null;
  session: Session | null;
}

/**
 * How an item page that anyone may open reads its data (the public previews: one URL per item,
 * for everyone). A signed-in person reads as with loadPage(); a visitor who is not signed in
 * reads with the app's own token, which the API lets see only what `everyone` may: anything
 * else is 404 for it, so the page's `undefined` (notFound()) gives nothing of it away. A
 * visitor's session that the API ended reads as a visitor too (the page stays where it is).
 */
export async function loadPublicPage<T>(load: (reader: Reader) => Promise<T>): Promise<T> {
  const from = await requestPath();
  let session: Session | null;
  try {
    session = await getSession();
  } catch (e) {
    redirectIfUnavailable(e, from);
    throw e;
  }
  if (session) return loadPage((s) => load({ token: s.accessToken, userId: s.userId, session: s }));
  try {
    return await withAppToken((token) => load({ token, userId: null, session: null }));
  } catch (e) {
    redirectIfUnavailable(e, from);
    throw e;
  }
}

/**
 * Reads with the BFF's own client-credentials token (what everyone may see). A token the API
 * no longer knows (401: revoked, or the API's data was reset) is dropped and a new one asked
 * for, once.
 */
export async function withAppToken<T>(load: (token: string) => Promise<T>): Promise<T> {
  const { appToken } = authRuntime();
  const attempt = async () => {
    const token = await appToken.get();
    try {
      return await load(token);
    } catch (e) {
      if (isApiError(e, 401)) appToken.invalidate(token);
      throw e;
    }
  };
  try {
    return await attempt();
  } catch (e) {
    if (!isApiError(e, 401)) throw e;
    return attempt();
  }
}
