import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { deleteNotificationsOf } from './notifications.ts';
import { endFriendship, pendingRequestBetween } from './friendships.ts';

// Blocking (issue 47; docs/api.md, "Messages"): a member blocks another with POST /users/block.
// A block ends their friendship and any pending friend request, and stops, both ways, new
// conversations, replies, friend requests, wall posts (which need a friendship), tags and event
// invitations (which need one too). Each refusal says why; the reader learns of a block against
// them (GET /users/{id} block_status), as the origin API told them.

/** How the reader stands with a member (the origin's `block_status`). */
export type BlockStatus = 'no_block' | 'is_blocked' | 'is_blocked_by';

/** The reader's view: `is_blocked` when the reader blocked them (first: the reader can undo it), `is_blocked_by` when they blocked the reader. */
export async function blockStatus(db: DB, me: number, other: number): Promise<BlockStatus> {
  if (me === other) return 'no_block';
  const rows = await db
    .selectFrom('user_blocks')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', me), eb('blocked_user_id', '=', other)]),
        eb.and([eb('user_id', '=', other), eb('blocked_user_id', '=', me)]),
      ]),
    )
    .execute();
  if (rows.some((r) => r.user_id === me)) return 'is_blocked';
  return rows.length ? 'is_blocked_by' : 'no_block';
}

/** Why the reader and `other` cannot reach each other, or null when no block stands between them. */
export async function blockRefusal(
  db: DB,
  me: number,
  other: { id: number; full_name: string },
  doing = 'message',
): Promise<string | null> {
  const status = await blockStatus(db, me, other.id);
  if (status === 'is_blocked') return `You have blocked ${other.full_name}: unblock them to ${doing} them.`;
  if (status === 'is_blocked_by') return `You cannot ${doing} ${other.full_name}: they have blocked you.`;
  return null;
}

/** Members among `others` who blocked `me` or whom `me` blocked. */
export async function blockedAmong(db: DB, me: number, others: readonly number[]): Promise<Set<number>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_blocks')
    .select(['user_id', 'blocked_user_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', me), eb('blocked_user_id', 'in', [...others])]),
        eb.and([eb('user_id', 'in', [...others]), eb('blocked_user_id', '=', me)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => (r.user_id === me ? r.blocked_user_id : r.user_id)));
}

/** `me` blocks `other`: the friendship and any pending request between them end. False when already blocked. */
export async function block(db: DB, me: number, other: number): Promise<boolean> {
  const res = await db
    .insertInto('user_blocks')
    .values({ user_id: me, blocked_user_id: other, created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
    .executeTakeFirst();
  await endFriendship(db, me, other);
  const pending = await pendingRequestBetween(db, me, other);
  if (pending) {
    await db.deleteFrom('friend_requests').where('id', '=', pending.id).execute();
    await deleteNotificationsOf(db, 'friend_request', [pending.id]);
  }
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Lifts `me`'s block of `other`; false when there was none. */
export async function unblock(db: DB, me: number, other: number): Promise<boolean> {
  const res = await db.deleteFrom('user_blocks').where('user_id', '=', me).where('blocked_user_id', '=', other).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
