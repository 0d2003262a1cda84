import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { lenientArray } from './primitives.ts';
import { ownerSchema } from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// A member's friends (GET /friends, scope friends: our extension, docs/api.md, "Extensions":
// Friends). Tagging people on photos and inviting friends to events pick people from it.

const friendListSchema = lenientArray(ownerSchema.extend({ is_friend: z.boolean().optional().catch(undefined) }));

/** A friend in a list; in another member's list, whether they are the reader's friend too. */
export type Friend = Who & { mutual?: boolean };

export interface FriendQuery {
  /** Whose friends; the reader's own without it. */
  userId?: number;
  /** Part of a name. */
  keywords?: string;
  page?: number;
  limit?: number;
}

/** One page of friends, by name; undefined when the API keeps no list of friends (isMissingExtension). */
export async function listFriends(token: string, q: FriendQuery = {}): Promise<Friend[] | undefined> {
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
  return friendListSchema
    .parse(data)
    .map((o) => ({ ...who(reshapePerson(o)), ...(o.is_friend !== undefined ? { mutual: o.is_friend } : {}) }));
}

/** Accepts (they become friends) or declines a friend request the reader received (POST /friends/requests/{id}/accept|decline). */
export async function answerFriendRequest(token: string, requestId: number, accept: boolean): Promise<void> {
  await apiFetch(apiConfig(), `/friends/requests/${requestId}/${accept ? 'accept' : 'decline'}`, { token, method: 'POST' });
}

/** Sends a friend request; answers whether they are friends already (a request of theirs was waiting). */
export async function sendFriendRequest(token: string, userId: number): Promise<{ friends: boolean; requestId?: number }> {
  const data = z
    .looseObject({ id: z.number().int().positive().optional().catch(undefined), friendship: z.string().optional().catch(undefined) })
    .parse(await apiFetch(apiConfig(), '/friends/requests', { token, form: { user_id: userId } }));
  return { friends: data.friendship === 'friends', ...(data.id ? { requestId: data.id } : {}) };
}

/** Takes back a friend request the reader sent. */
export async function cancelFriendRequest(token: string, requestId: number): Promise<void> {
  await apiFetch(apiConfig(), `/friends/requests/${requestId}`, { token, method: 'DELETE' });
}

/** Ends a friendship (both sides). */
export async function unfriend(token: string, userId: number): Promise<void> {
  await apiFetch(apiConfig(), `/friends/${userId}`, { token, method: 'DELETE' });
}

export interface FriendRequest {
  id: number;
  /** The other member: who sent it (incoming) or who it went to (outgoing). */
  user: Who;
  /** Epoch ms. */
  at: number;
}

const requestSchema = z.looseObject({ id: z.number().int().positive(), user: ownerSchema, timestamp: z.number().catch(0) });

/** The pending requests the reader received or sent, newest first; undefined on a server without them. */
export async function listFriendRequests(
  token: string,
  direction: 'incoming' | 'outgoing',
  paging: { page?: number; limit?: number } = {},
): Promise<FriendRequest[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/friends/requests', {
      token,
      query: { direction, page: paging.page ?? 1, limit: paging.limit ?? 20 },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return lenientArray(requestSchema)
    .parse(data)
    .map((r) => ({ id: r.id, user: who(reshapePerson(r.user)), at: r.timestamp * 1000 }));
}
