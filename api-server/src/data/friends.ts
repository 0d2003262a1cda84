import type { DB } from '../db/index.ts';
import { containsText } from '../db/text.ts';
import { pairOf, type FriendRequestRow } from '../domain/friendships.ts';
import { LEGACY_USER_COLUMNS, type LegacyUserRow } from './users.ts';

// Friendships and friend requests as the friends routes and the legacy friend methods read and
// write them (tables `friendships`, `friend_requests`). The rules every module shares (are two members friends,
// making and ending a friendship) stay in domain/friendships.ts.

export interface FriendRow {
  id: number;
  full_name: string;
  avatar_key: string | null;
}

/**
 * A member's friends, by name (then id), optionally those whose name contains `keywords`: in the
 * order of friendships_by_name (migration 032), so that a page reads its own rows.
 */
export async function listFriends(
  db: DB,
  { of, keywords, limit, offset }: { of: number; keywords?: string; limit: number; offset: number },
): Promise<FriendRow[]> {
  let query = db
    .selectFrom('friendships as f')
    .innerJoin('users as u', 'u.id', 'f.friend_id')
    .select(['u.id', 'u.full_name', 'u.avatar_key'])
    .where('f.user_id', '=', of);
  if (keywords) query = query.where(containsText('f.friend_name', keywords));
  return query.orderBy('f.friend_name').orderBy('f.friend_id').limit(limit).offset(offset).execute();
}

/** Which of `ids` are friends of `userId`. */
export async function friendIdsAmong(db: DB, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).where('friend_id', 'in', ids).execute();
  return new Set(rows.map((f) => f.friend_id));
}

export function getFriendRequest(db: DB, id: number): Promise<FriendRequestRow | undefined> {
  return db.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a pending request; false when it was not there (taken by another call). */
export async function deleteFriendRequest(db: DB, id: number): Promise<boolean> {
  const res = await db.deleteFrom('friend_requests').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Stores a request from `senderId` to `recipientId`; undefined when the pair has one already. */
export async function createFriendRequest(
  db: DB,
  { senderId, recipientId, at }: { senderId: number; recipientId: number; at: number },
): Promise<{ id: number } | undefined> {
  return (
    db
      .insertInto('friend_requests')
      .values({ sender_id: senderId, recipient_id: recipientId, ...pairOf(senderId, recipientId), created_at: at })
      // A request stored meanwhile by another call (the same one, or theirs to me) wins.
      .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
      .returning('id')
      .executeTakeFirst()
  );
}

export interface FriendRequestListRow {
  id: number;
  created_at: number;
  user_id: number;
  full_name: string;
  avatar_key: string | null;
}

/** A member's pending requests, received or sent, newest first, with the member on the other side. */
export function listFriendRequests(
  db: DB,
  { userId, outgoing, limit, offset }: { userId: number; outgoing: boolean; limit: number; offset: number },
): Promise<FriendRequestListRow[]> {
  return db
    .selectFrom('friend_requests as r')
    .innerJoin('users as u', 'u.id', outgoing ? 'r.recipient_id' : 'r.sender_id')
    .select(['r.id', 'r.created_at', 'u.id as user_id', 'u.full_name', 'u.avatar_key'])
    .where(outgoing ? 'r.sender_id' : 'r.recipient_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many friends a member has; counted up to `upTo` when given (enough to tell whether there are many). */
export async function countFriends(db: DB, userId: number, upTo?: number): Promise<number> {
  const friends = db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId);
  const row = await db
    .selectFrom((upTo === undefined ? friends : friends.limit(upTo)).as('f'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many friends two members share. */
export async function countMutualFriends(db: DB, a: number, b: number): Promise<number> {
  const row = await db
    .selectFrom('friendships as mine')
    .innerJoin('friendships as theirs', 'theirs.friend_id', 'mine.friend_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mine.user_id', '=', a)
    .where('theirs.user_id', '=', b)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a member's friends as the legacy API shows users, by name (then id), with how many they have in all. */
export async function listFriendUsers(
  db: DB,
  { userId, limit, offset }: { userId: number; limit: number; offset: number },
): Promise<{ total: number; rows: LegacyUserRow[] }> {
  const base = db.selectFrom('friendships as f').innerJoin('users as u', 'u.id', 'f.friend_id').where('f.user_id', '=', userId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(LEGACY_USER_COLUMNS.map((c) => `u.${c}` as const))
    .orderBy('f.friend_name')
    .orderBy('f.friend_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count.n), rows };
}
