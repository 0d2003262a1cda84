import type { Selectable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { FriendRequestsTable } from '../db/types.ts';

// Friendships and friend requests (extension, docs/api.md, "Extensions": Friend requests). A
// friendship is two rows of `friendships` (each member's side), which is what every friends-only
// rule, GET /friends and the legacy friend.getFriends / friend.isFriend read: a change here shows
// in all of them at once.

export type FriendRequestRow = Selectable<FriendRequestsTable>;

/** How the reader stands with another member (GET /users/{id} `friendship`). */
export type Friendship = 'self' | 'friends' | 'request_sent' | 'request_received' | 'none';

/** The two ids of a pair in the order of the friend_requests unique constraint. */
export function pairOf(a: number, b: number): { user_low: number; user_high: number } {
  return { user_low: Math.min(a, b), user_high: Math.max(a, b) };
}

export async function areFriends(db: DB, a: number, b: number): Promise<boolean> {
  const row = await db.selectFrom('friendships').select('user_id').where('user_id', '=', a).where('friend_id', '=', b).executeTakeFirst();
  return row !== undefined;
}

/** The pending request between two members, whichever way it goes. */
export function pendingRequestBetween(db: DB, a: number, b: number): Promise<FriendRequestRow | undefined> {
  const pair = pairOf(a, b);
  return db
    .selectFrom('friend_requests')
    .selectAll()
    .where('user_low', '=', pair.user_low)
    .where('user_high', '=', pair.user_high)
    .executeTakeFirst();
}

/** Makes two members friends (both sides; a side already there stays as it is). */
export async function makeFriends(db: DB, a: number, b: number, at: number): Promise<void> {
  await db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b, created_at: at },
      { user_id: b, friend_id: a, created_at: at },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .execute();
}

/** Ends a friendship (both sides); false when they were not friends. */
export async function endFriendship(db: DB, a: number, b: number): Promise<boolean> {
  const res = await db
    .deleteFrom('friendships')
    .where((eb) =>
      eb.or([eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)])]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** How `me` stands with `other`, with the pending request's id when there is one. */
export async function friendshipOf(db: DB, me: number, other: number): Promise<{ friendship: Friendship; requestId?: number }> {
  if (me === other) return { friendship: 'self' };
  if (await areFriends(db, me, other)) return { friendship: 'friends' };
  const request = await pendingRequestBetween(db, me, other);
  if (!request) return { friendship: 'none' };
  return { friendship: request.sender_id === me ? 'request_sent' : 'request_received', requestId: request.id };
}
