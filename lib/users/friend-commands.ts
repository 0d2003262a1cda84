import * as z from 'zod/mini';
import type { ActionResult } from '@/lib/action-result';
import { failure, invalid } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import { answerFriendRequest, cancelFriendRequest, sendFriendRequest, unfriend } from '@/lib/social-api/friends';
import type { Friendship } from '@/lib/social-api/users';
import { idSchema } from '@/lib/validations/ids';

// Becoming friends and ending it (the friend-request extension, docs/api.md, "Extensions": Friend
// requests): each command answers the friendship it leaves, so that the button that asked shows it
// at once.

const friendshipSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), userId: idSchema }),
  z.object({ action: z.literal('unfriend'), userId: idSchema }),
  z.object({ action: z.literal('cancel'), requestId: idSchema }),
  z.object({ action: z.literal('accept'), requestId: idSchema }),
  z.object({ action: z.literal('decline'), requestId: idSchema }),
]);

/** What a person is told of a request withdrawn or answered elsewhere since the page was read. */
const FRIEND_REQUEST_GONE = 'No longer pending: the request was withdrawn or already answered. Reload the page to see where you stand.';

export type FriendshipAnswer = { friendship: Friendship; requestId?: number };

/** Sends, cancels, accepts or declines a friend request, or ends a friendship. */
export async function friendshipCommand(token: string, input: unknown): Promise<ActionResult<FriendshipAnswer>> {
  const parsed = friendshipSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const a = parsed.data;
  try {
    switch (a.action) {
      case 'add': {
        const sent = await sendFriendRequest(token, a.userId);
        return sent.friends
          ? { ok: true, message: 'You are now friends.', data: { friendship: 'friends' } }
          : { ok: true, message: 'Friend request sent.', data: { friendship: 'request_sent', requestId: sent.requestId } };
      }
      case 'unfriend':
        await unfriend(token, a.userId);
        return { ok: true, message: 'You are no longer friends.', data: { friendship: 'none' } };
      case 'cancel':
        await cancelFriendRequest(token, a.requestId);
        return { ok: true, message: 'Friend request cancelled.', data: { friendship: 'none' } };
      case 'accept':
      case 'decline':
        await answerFriendRequest(token, a.requestId, a.action === 'accept');
        return a.action === 'accept'
          ? { ok: true, message: 'You are now friends.', data: { friendship: 'friends' } }
          : { ok: true, message: 'Request declined.', data: { friendship: 'none' } };
    }
  } catch (e) {
    // The request is gone: withdrawn by its sender, or answered in another tab.
    if (isApiError(e, 404) && a.action !== 'add' && a.action !== 'unfriend') return { ok: false, message: FRIEND_REQUEST_GONE };
    return failure(e);
  }
}

/** Accepts or declines a friend request the reader received (its notification's buttons). */
export async function answerFriendRequestCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ requestId: idSchema, accept: z.boolean() }).safeParse(input);
  if (!parsed.success) return invalid();
  const res = await friendshipCommand(token, { action: parsed.data.accept ? 'accept' : 'decline', requestId: parsed.data.requestId });
  return res.ok ? { ok: true, message: res.message, data: undefined } : res;
}
