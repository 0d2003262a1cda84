import { list, single, missing } from '../envelope.ts';
import { USER_COLUMNS, presentUser } from './users.ts';
import { countOf, pageOf, targetUserId, type LegacyMethod } from './context.ts';

/** The full friend list of a user (friend lists are visible to every member), by name. */
export const getFriends: LegacyMethod = {
  summary: "`user_id` (optional). A user's full friend list, as users without `email`, by name, 10 a page.",
  async run(ctx) {
    const id = await targetUserId(ctx);
    const { page, offset, limit } = pageOf(ctx);
    const base = ctx.db.selectFrom('friendships as f').innerJoin('users as u', 'u.id', 'f.friend_id').where('f.user_id', '=', id);
    const total = await countOf(base.select((eb) => eb.fn.countAll<number>().as('n')));
    const rows = await base
      .select(USER_COLUMNS.map((c) => `u.${c}` as const))
      .orderBy('u.full_name')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute();
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
    const row = await ctx.db
      .selectFrom('friendships')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    return single({ is_friend: row ? 1 : 0 });
  },
};
