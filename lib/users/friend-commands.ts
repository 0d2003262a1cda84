import * as z from 'zod/mini';
import type { ActionResult } from '@/lib/action-result';
import { failure, invalid } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import { answerFriendRequest } from '@/lib/social-api/friends';
import { idSchema } from '@/lib/validations/ids';

const answerSchema = z.object({ requestId: idSchema, accept: z.boolean() });

/** What a person is told of a request its sender withdrew (or that was answered elsewhere) since the page was read. */
export const FRIEND_REQUEST_GONE = 'No longer pending: the request was withdrawn or already answered.';

/** Accepts or declines a friend request the reader received. */
export async function answerFriendRequestCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = answerSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { requestId, accept } = parsed.data;
  try {
    await answerFriendRequest(token, requestId, accept);
    return { ok: true, message: accept ? 'You are now friends.' : 'Request declined.', data: undefined };
  } catch (e) {
    // The request is gone: withdrawn by its sender, or answered in another tab.
    if (isApiError(e, 404)) return { ok: false, message: FRIEND_REQUEST_GONE };
    return failure(e);
  }
}
