import { redirect } from 'next/navigation';
import { cache } from 'react';
import { ApiError } from '../social-api/errors.ts';
import { signedOutPath, signInPath } from './return-to.ts';
import { authRuntime } from './runtime.ts';
import { readSessionId } from './session-id.ts';
import { SessionEndedError } from './token-manager.ts';

/** The signed-in person's session, server side only: never pass it to a client component. */
export interface Session {
  sid: string;
  userId: number;
  /** A valid access token for the API (refreshed when it was about to expire). */
  accessToken: string;
  /** As stored in the session record: at sign-in, renewed with each token refresh. */
  user: { id: number; name: string; image: string };
}

type SessionState = { session: Session | null; ended: boolean };

/**
 * Reads the session once per request (React cache), by the session id in the request's cookie:
 * the record from the store, a refresh through the token manager when the access token is about
 * to expire. Keyed by the id, read from the request outside the cache, so that a cache that is
 * not this request's (web-server/admission.ts once ran requests in another's async context) can
 * never hand over another browser's session. A refresh the API refused (invalid_grant) ends the
 * session: `ended` says so, for every request of that browser until it signs in again (the token
 * manager leaves a mark). An API that cannot be reached during a refresh throws ApiError (502/504).
 */
const readSessionOf = cache(async (sid: string | null): Promise<SessionState> => {
  if (!sid) return { session: null, ended: false };
  try {
    const { tokens } = authRuntime();
    const record = await tokens.session(sid);
    if (!record) return { session: null, ended: await tokens.wasEnded(sid) };
    return {
      session: {
        sid,
        userId: record.userId,
        accessToken: record.accessToken,
        user: { id: record.userId, name: record.user?.name ?? '', image: record.user?.image ?? '' },
      },
      ended: false,
    };
  } catch (e) {
    // The token manager lives on globalThis and may have been created by another bundle of
    // this app (a route handler, a page): its errors are recognised by name, and handed on as
    // this bundle's classes so that `instanceof` works for everyone downstream.
    if (e instanceof SessionEndedError || (e as Error)?.name === 'SessionEndedError') return { session: null, ended: true };
    if (!(e instanceof ApiError) && (e as Error)?.name === 'ApiError') {
      const a = e as ApiError;
      throw new ApiError(a.status, a.code, a.message, a.fieldErrors);
    }
    throw e;
  }
});
const readSession = async (): Promise<SessionState> => readSessionOf(await readSessionId());

/** The current session, or null when signed out. For server components, actions and route handlers. */
export async function getSession(): Promise<Session | null> {
  return (await readSession()).session;
}

/**
 * The id of the member signed in on this browser, or undefined: from the session record alone,
 * without renewing its token (no call to the API), for a check that only needs to know who.
 */
export async function signedInMemberId(): Promise<number | undefined> {
  const sid = await readSessionId();
  return sid ? (await authRuntime().store.get(sid))?.userId : undefined;
}

/** True when this request found the session ended by the API (the refresh was refused). */
export async function sessionEnded(): Promise<boolean> {
  return (await readSession()).ended;
}

/**
 * The current session; a signed-out person is sent to sign in and comes back to `returnTo`
 * (a local path, e.g. '/users/3'). After an ended session the sign-in page says why.
 */
export async function requireSession(returnTo: string): Promise<Session> {
  const { session, ended } = await readSession();
  if (session) return session;
  redirect(ended ? signedOutPath(returnTo) : signInPath(returnTo));
}

/**
 * After the person changed their name or picture: the session record keeps the new ones, so that
 * the header (lib/auth/viewer.ts) shows them from the next render on, without signing out.
 */
export async function refreshSessionUser(session: Session, user: { name: string; image: string }): Promise<void> {
  await authRuntime().tokens.updateUser(session.sid, user);
}
