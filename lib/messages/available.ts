import type { Session } from '../auth/session.ts';
import { extensionProbe } from '../extension-probe.ts';
import { getHeaderCounts } from '../notifications/count.ts';
import { apiFetch } from '../social-api/client.ts';
import { apiConfig } from '../social-api/config.ts';

// Whether messages are here, so that a server without them shows no way to them (issue 47: "every
// entry point hidden"), at no cost to a page's render.
// - For a member: the header's counts say it already (lib/notifications/count.ts): the API gives
//   `message_count` only from a server with messages and for a token with the `messages` scope,
//   and the page reads the counts once per request with the header.
// - For a visitor ("Sign in to contact the seller"): the site's own token asks once in a while
//   (GET /messages/inbox answers 403 to it where messages exist — they need a member — and what a
//   server without the route answers otherwise), kept in this process for a few minutes.

/** Whether the signed-in person can use messages here (and their session is allowed them). */
export async function canMessage(session: Session): Promise<boolean> {
  return (await getHeaderCounts(session.userId, session.accessToken))?.messages != null;
}

/** What a page that writes a message says when the person cannot: no messages here, or a sign-in that predates them. */
export async function messagesAccess(session: Session): Promise<'ok' | 'absent' | 'scope'> {
  if (await canMessage(session)) return 'ok';
  return (await siteHasMessages()) ? 'scope' : 'absent';
}

/** Whether this site has messages at all (for a visitor's page); false while the API cannot say. */
export const siteHasMessages = extensionProbe((token) => apiFetch(apiConfig(), '/messages/inbox', { token, query: { limit: 1 } }));
