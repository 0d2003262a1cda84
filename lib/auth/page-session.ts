import { redirect } from 'next/navigation';
import { isApiError } from '../social-api/errors.ts';
import { redirectIfUnavailable } from '../unavailable.ts';
import { signedOutPath } from './return-to.ts';
import { authRuntime } from './runtime.ts';
import { requireSession, type Session } from './session.ts';
import { requestPath } from './viewer.ts';

/**
 * How a signed-in page reads its data: `load` gets the session (a signed-out visitor is sent to
 * sign in and comes back here) and makes the page's API calls. Every page and layout does its
 * reads through this, before anything is streamed (no loading.tsx above them), so that:
 * - an API that is down or slow sends the page to /unavailable (502/503/504, README);
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
