import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
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

/** One page of friends, by name. */
export async function listFriends(token: string, q: FriendQuery = {}): Promise<Who[]> {
  const data = await apiFetch(apiConfig(), '/friends', {
    token,
    query: { user_id: q.userId, keywords: q.keywords?.trim() || undefined, page: q.page ?? 1, limit: q.limit ?? 20 },
  });
  return friendListSchema.parse(data).map((o) => who(reshapePerson(o)));
}
