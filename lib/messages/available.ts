import type { Session } from '../auth/session.ts';
import { withAppToken } from '../auth/page-session.ts';
import { getHeaderCounts } from '../notifications/count.ts';
import { apiFetch } from '../social-api/client.ts';
import { apiConfig } from '../social-api/config.ts';
import { isApiError, isMissingExtension } from '../social-api/errors.ts';

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

const PROBE_TTL_MS = 10 * 60_000;
const holder = globalThis as typeof globalThis & { __socialMessagesProbe?: { at: number; answer: Promise<boolean | undefined> } };

/** Whether this site has messages at all (for a visitor's page); false while the API cannot say. */
export async function siteHasMessages(): Promise<boolean> {
  const known = holder.__socialMessagesProbe;
  if (known && Date.now() - known.at < PROBE_TTL_MS) return (await known.answer) ?? false;
  const answer = probe();
  holder.__socialMessagesProbe = { at: Date.now(), answer };
  const here = await answer;
  // An API that could not answer is asked again at the next visitor's page, not in ten minutes.
  if (here === undefined && holder.__socialMessagesProbe?.answer === answer) holder.__socialMessagesProbe = undefined;
  return here ?? false;
}

/** True: the route is there (it answers 403 to the site's token: it wants a member); false: a server without it; undefined: no answer. */
async function probe(): Promise<boolean | undefined> {
  try {
    await withAppToken((token) => apiFetch(apiConfig(), '/messages/inbox', { token, query: { limit: 1 } }));
    return true;
  } catch (e) {
    if (isApiError(e, 403)) return true;
    if (isMissingExtension(e)) return false;
    return undefined;
  }
}
