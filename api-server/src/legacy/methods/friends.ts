import { list, single, missing } from '../envelope.ts';
import { presentUser } from './users.ts';
import { pageOf, targetUserId, type LegacyMethod } from './context.ts';
import { listFriendUsers } from '../../data/friends.ts';
import { areFriends } from '../../domain/friendships.ts';

/** The full friend list of a user (friend lists are visible to every member), by name. */
export const getFriends: LegacyMethod = {
  summary: "`user_id` (optional). A user's full friend list, as users without `email`, by name, 10 a page.",
  async run(ctx) {
    const id = await targetUserId(ctx);
    const { page, offset, limit } = pageOf(ctx);
    const { total, rows } = await listFriendUsers(ctx.db, { userId: id, limit, offset });
    return list(
      rows.map((u) => presentUser(ctx.config, u, false)),
      total,
      page,
    );
  },
};

export const isFriend: LegacyMethod = {
  summary: '`user_id` (optional), `friend_user_id` (required). Output `{is_friend: 1 or 0}`.',
  async run(ctx) {
    if (ctx.params.friend_user_id === undefined) throw missing('friend_user_id');
    const userId = await targetUserId(ctx);
    const friendId = await targetUserId(ctx, 'friend_user_id');
    return single({ is_friend: (await areFriends(ctx.db, userId, friendId)) ? 1 : 0 });
  },
};
