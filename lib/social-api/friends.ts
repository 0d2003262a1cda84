import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { lenientArray } from './primitives.ts';
import { ownerSchema } from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// A member's friends (GET /friends, scope friends: our extension, README "Extensions"). Tagging
// people on photos and inviting friends to events pick people from it.

const friendListSchema = lenientArray(ownerSchema);

export interface FriendQuery {
  /** Whose friends; the reader's own without it. */
  userId?: number;
  /** Part of a name. */
  keywords?: string;
  page?: number;
  limit?: number;
}

/** One page of friends, by name; undefined when the API keeps no list of friends (isMissingExtension). */
export async function listFriends(token: string, q: FriendQuery = {}): Promise<Who[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/friends', {
      token,
      query: { user_id: q.userId, keywords: q.keywords?.trim() || undefined, page: q.page ?? 1, limit: q.limit ?? 20 },
    });
  } catch (e) {
    // Our API answers 404 for a user_id that does not exist: only the reader's own list is read as "no list".
    if (isMissingExtension(e) && q.userId === undefined) return undefined;
    throw e;
  }
  return friendListSchema.parse(data).map((o) => who(reshapePerson(o)));
}

/** Accepts (they become friends) or declines a friend request the reader received (POST /friends/requests/{id}/accept|decline). */
export async function answerFriendRequest(token: string, requestId: number, accept: boolean): Promise<void> {
  await apiFetch(apiConfig(), `/friends/requests/${requestId}/${accept ? 'accept' : 'decline'}`, { token, method: 'POST' });
}
