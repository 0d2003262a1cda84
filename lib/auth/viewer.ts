import { headers } from 'next/headers';
import { redirectIfUnavailable } from '../unavailable.ts';
import { getSession } from './session.ts';

/** What the header shows of the signed-in person. */
export interface Viewer {
  id: number;
  name: string;
  image: string;
}

/** The page being rendered (path and query), as proxy.ts passes it on. */
export async function requestPath(): Promise<string> {
  return (await headers()).get('x-request-path') ?? '/';
}

/**
 * The signed-in person for the header, or null, without asking the API: the session record
 * keeps their name and picture (stored at sign-in, renewed with each token refresh). An API
 * that cannot be reached while the session's token is renewed sends the page to /unavailable.
 * The session is read once per request (getSession); this only shapes it.
 */
export async function loadViewer(): Promise<Viewer | null> {
  let session;
  try {
    session = await getSession();
  } catch (e) {
    redirectIfUnavailable(e, await requestPath());
    throw e;
  }
  if (!session) return null;
  return { id: session.userId, name: session.user.name || `Member ${session.userId}`, image: session.user.image };
}
