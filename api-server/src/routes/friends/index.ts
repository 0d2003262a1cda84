import type { FastifyInstance } from 'fastify';
import { paging, pagingQuery } from '../../http/paging.ts';
import type { Infer } from '../../http/schemas.ts';
import { checkUserExists, toOwnerSummary } from '../../domain/owners.ts';
import { friendIdsAmong, listFriends } from '../../data/friends.ts';
import { requireScopeFor, userOf } from '../../oauth/resource-auth.ts';
import friendRequestRoutes from './requests.ts';
import { extensionRoutes } from '../../openapi/marks.ts';

const friendsQuery = {
  type: 'object',
  properties: { user_id: { type: 'integer', minimum: 1 }, keywords: { type: 'string', maxLength: 200 }, ...pagingQuery },
} as const;

// Extension (docs/api.md, "Extensions": Friends): the spec names a `friends` scope ("friend list,
// friend requests") but shows none of its endpoints. Tagging people on photos and inviting them to
// events pick them from this list. GET /friends: a user's friends (the caller's without
// user_id) as owner summaries, by name; requests.ts: friend requests and ending a friendship.
export default async function friendsRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all (docs/api.md, "Friends", "Friend requests").
  extensionRoutes(app, 'The spec names the friends scope ("friend list, friend requests") and shows none of its operations.');
  requireScopeFor(app, 'friends');
  await app.register(friendRequestRoutes);

  app.get<{ Querystring: Infer<typeof friendsQuery> }>(
    '/',
    {
      schema: {
        summary: "A member's friends (the caller's without user_id), by name",
        querystring: friendsQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const q = req.query;
      const of = q.user_id ?? me;
      if (of !== me) {
        await checkUserExists(app.db, of);
      }
      const { limit, offset } = paging(q, 20);
      const rows = await listFriends(app.db, { of, keywords: q.keywords?.trim(), limit, offset });
      // Another member's list says which of them are the caller's friends too (friends in common).
      const mine =
        of !== me && rows.length
          ? await friendIdsAmong(
              app.db,
              me,
              rows.map((u) => u.id),
            )
          : undefined;
      return {
        success: true,
        data: rows.map((u) => ({ ...toOwnerSummary(app.config, u), ...(mine ? { is_friend: mine.has(u.id) } : {}) })),
      };
    },
  );
}
