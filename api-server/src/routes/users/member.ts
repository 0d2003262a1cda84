import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';
import { friendshipOf } from '../../domain/friendships.ts';
import { toOwnerSummary } from '../../domain/owners.ts';
import { idParams } from '../../http/schemas.ts';

export default async function memberRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // A member's page header: the owner summary, how many friends they have and, for a user's
  // token, how the reader stands with them and how many friends they share (null for a
  // client-credentials token, which reads as nobody).
  app.get<{ Params: { id: number } }>('/:id', { schema: { params: idParams } }, async (req) => {
    const user = await db.selectFrom('users').select(['id', 'full_name', 'avatar_key']).where('id', '=', req.params.id).executeTakeFirst();
    if (!user) throw notFound('The user was not found.');
    const friends = await db
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const me = req.auth.userId;
    let reader: { friendship: string | null; friend_request_id?: number; total_mutual_friend: number | null } = {
      friendship: null,
      total_mutual_friend: null,
    };
    if (me !== null) {
      const { friendship, requestId } = await friendshipOf(db, me, user.id);
      const mutual =
        me === user.id
          ? { n: 0 }
          : await db
              .selectFrom('friendships as mine')
              .innerJoin('friendships as theirs', 'theirs.friend_id', 'mine.friend_id')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('mine.user_id', '=', me)
              .where('theirs.user_id', '=', user.id)
              .executeTakeFirstOrThrow();
      reader = { friendship, ...(requestId !== undefined ? { friend_request_id: requestId } : {}), total_mutual_friend: Number(mutual.n) };
    }
    return { success: true, data: { ...toOwnerSummary(app.config, user), total_friend: Number(friends.n), ...reader } };
  });
}
