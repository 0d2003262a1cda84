import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getUpdates } from '../social-api/activities.ts';
import { isApiError } from '../social-api/errors.ts';
import { redirectIfUnavailable } from '../unavailable.ts';
import { authRuntime } from './runtime.ts';
import { signedOutPath } from './return-to.ts';
import { getCurrentUser, getSession } from './session.ts';

/** What the header shows of the signed-in person. */
export interface Viewer {
  id: number;
  name: string;
  image: string;
  notificationCount: number;
}

/** The page being rendered (path and query), as proxy.ts passes it on. */
export async function requestPath(): Promise<string> {
  return (await headers()).get('x-request-path') ?? '/';
}

/**
 * The signed-in person for the header, or null. Runs in the root layout, before anything is
 * streamed: when the API is down or slow the whole page goes to /unavailable (502/503/504)
 * instead of answering 200 with an error inside. A token the API no longer accepts (401:
 * revoked at the API) ends the session, and the person is told so.
 */
export const loadViewer = cache(async (): Promise<Viewer | null> => {
  const from = await requestPath();
  let session;
  try {
    session = await getSession();
  } catch (e) {
    redirectIfUnavailable(e, from);
    throw e;
  }
  if (!session) return null;

  const [me, updates] = await Promise.allSettled([getCurrentUser(), getUpdates(session.accessToken)]);
  if (me.status === 'rejected') {
    redirectIfUnavailable(me.reason, from);
    if (isApiError(me.reason, 401)) {
      // Nothing of this request can use the session any more (the page is rendering with it
      // right now): start again from a page that says what happened.
      await authRuntime().store.delete(session.sid);
      redirect(signedOutPath(from));
    }
  }
  const person = me.status === 'fulfilled' && me.value ? me.value : session.user;
  return {
    id: person.id,
    name: person.name || `Member ${person.id}`,
    image: person.image,
    // The count is a nicety: without it (no activities scope, a hiccup) there is simply no badge.
    notificationCount: updates.status === 'fulfilled' ? updates.value.notificationCount : 0,
  };
});
