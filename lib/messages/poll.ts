import { getSession } from '../auth/session.ts';
import { isApiError } from '../social-api/errors.ts';
import { readNewer } from './commands.ts';

// GET /api/messages/{id}?since=N: what an open conversation asks every few seconds
// (components/messages/use-conversation-poll.ts): the messages after N — GET /messages/{id} with
// the API's `minid` cursor, which is exclusive and answers the cursor past what it gave, so that
// nothing is missed or shown twice however the polls and the page's own sends interleave.
// Reading them marks the conversation read, as the reader sees them (docs/web/features.md, Messages).

const NO_STORE = { 'cache-control': 'no-store' };
const answer = (status: number, body: unknown) => Response.json(body, { status, headers: NO_STORE });

/** 200 `{messages, newest, canReply}`; 401 signed out; 404 no longer the reader's (stop polling); 503 when the API would not say (back off). */
export async function conversationSince(conversationId: string, since: string | null): Promise<Response> {
  const id = Number(conversationId);
  const after = Number(since ?? '0');
  if (
    !/^[1-9]\d{0,15}$/.test(conversationId) ||
    !Number.isSafeInteger(id) ||
    !/^\d{1,16}$/.test(since ?? '0') ||
    !Number.isSafeInteger(after)
  ) {
    return answer(400, { message: 'That conversation or cursor is not one.' });
  }
  const session = await getSession().catch(() => null);
  if (!session) return answer(401, { message: 'Sign in to see your messages.' });
  try {
    const newer = await readNewer(session.accessToken, id, after);
    if (!newer) return answer(404, { message: 'This conversation is no longer yours.' });
    return answer(200, newer);
  } catch (e) {
    if (isApiError(e, 401)) return answer(401, { message: 'Sign in to see your messages.' });
    return answer(503, { message: 'New messages are not available right now.' });
  }
}
