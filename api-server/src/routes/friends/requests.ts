import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam, notFound, refusedParam } from '../../errors.ts';
import { blockRefusal } from '../../domain/blocks.ts';
import { formatDate } from '../../domain/format.ts';
import { areFriends, endFriendship, makeFriends, pendingRequestBetween, type FriendRequestRow } from '../../domain/friendships.ts';
import { deleteNotificationsOf, notify } from '../../domain/notifications.ts';
import { toOwnerSummary } from '../../domain/owners.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { idParams, userIdSchema, type IdParams, type Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { transact } from '../../db/dialect.ts';
import { createFriendRequest, deleteFriendRequest, getFriendRequest, listFriendRequests } from '../../data/friends.ts';
import { getMemberName } from '../../data/users.ts';

// Friend requests and ending a friendship (extension, docs/api.md "Extensions"; scope friends, a
// user's token). Each action checks and acts in one transaction, and the friend_requests pair
// constraint (migration 011) stops a second request stored at the same moment: whatever is
// refused changes nothing. A refusal about the member named is a 400 naming `user_id` (so that
// a client tells it from a server without these routes); a request that is not pending, or not
// the reader's, is 404; acting on one's own request from the wrong side is 403.

const DIRECTIONS = ['incoming', 'outgoing'] as const;

const requestsQuery = {
  type: 'object',
  properties: { direction: { type: 'string', enum: DIRECTIONS, default: 'incoming' }, ...pagingQuery },
} as const;

const NOT_PENDING = 'The friend request was not found: it was accepted, declined or cancelled, or it is not yours.';

/** The member named by `user_id`, who must be someone else (400 naming user_id otherwise). */
async function otherMember(db: DB, me: number, userId: number): Promise<{ id: number; full_name: string }> {
  if (userId === me) throw invalidParam('user_id', 'is your own id: friend requests and friendships are with other members');
  const user = await getMemberName(db, userId);
  if (!user) throw invalidParam('user_id', 'is not a member of this site');
  return user;
}

/** The pending request when the reader sent or received it; 404 otherwise (gone and not theirs look the same). */
async function requestOf(db: DB, me: number, id: number): Promise<FriendRequestRow> {
  const request = await getFriendRequest(db, id);
  if (!request || (request.sender_id !== me && request.recipient_id !== me)) throw notFound(NOT_PENDING);
  return request;
}

/** Takes the pending request away (404 when another call took it first). */
async function takeRequest(db: DB, id: number): Promise<void> {
  if (!(await deleteFriendRequest(db, id))) throw notFound(NOT_PENDING);
}

/** The request becomes a friendship, and its sender hears of it. */
async function acceptRequest(db: DB, request: FriendRequestRow): Promise<void> {
  await takeRequest(db, request.id);
  const t = now();
  await makeFriends(db, request.sender_id, request.recipient_id, t);
  await notify(db, {
    userId: request.sender_id,
    actorId: request.recipient_id,
    kind: 'friend_accept',
    itemType: 'user',
    itemId: request.recipient_id,
    at: t,
  });
}

export default async function friendRequestRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.post<{ Body: Infer<typeof userIdSchema> }>(
    '/requests',
    { schema: { summary: 'Send a friend request (or accept the one they sent)', body: userIdSchema } },
    async (req) => {
      const me = userOf(req);
      return transact(db, async (trx) => {
        const other = await otherMember(trx, me, req.body.user_id);
        // A block stops friend requests both ways (docs/api.md, "Messages").
        const blocked = await blockRefusal(trx, me, other, 'send a friend request to');
        if (blocked) throw refusedParam('user_id', blocked);
        if (await areFriends(trx, me, other.id)) throw invalidParam('user_id', 'is already your friend');
        const pending = await pendingRequestBetween(trx, me, other.id);
        if (pending?.sender_id === me) throw invalidParam('user_id', 'already has your friend request, still waiting for an answer');
        if (pending) {
          // They asked first: a request both ways is a friendship.
          await acceptRequest(trx, pending);
          return { success: true, data: { message: `You and ${other.full_name} are now friends.`, friendship: 'friends' } };
        }
        const t = now();
        const row = await createFriendRequest(trx, { senderId: me, recipientId: other.id, at: t });
        if (!row) throw invalidParam('user_id', 'has a friend request with you waiting for an answer already');
        await notify(trx, {
          userId: other.id,
          actorId: me,
          kind: 'friend_request',
          itemType: 'user',
          itemId: me,
          source: { type: 'friend_request', id: row.id },
          at: t,
        });
        return {
          success: true,
          data: { message: `Your friend request was sent to ${other.full_name}.`, id: row.id, friendship: 'request_sent' },
        };
      });
    },
  );

  app.get<{ Querystring: Infer<typeof requestsQuery> }>(
    '/requests',
    {
      schema: {
        summary: 'The pending friend requests, incoming or outgoing',
        querystring: requestsQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const outgoing = req.query.direction === 'outgoing';
      const { limit, offset } = paging(req.query, 20);
      const rows = await listFriendRequests(db, { userId: me, outgoing, limit, offset });
      return {
        success: true,
        data: rows.map((r) => ({
          id: r.id,
          user: toOwnerSummary(app.config, { id: r.user_id, full_name: r.full_name, avatar_key: r.avatar_key }),
          date: formatDate(r.created_at),
          timestamp: r.created_at,
        })),
      };
    },
  );

  /**
   * An action on a pending request by one of its two sides (`side`): 403 with `refusal` for the
   * other side, 404 for anyone else; `act` answers the message.
   */
  function onRequest(
    method: 'POST' | 'DELETE',
    url: string,
    summary: string,
    side: 'recipient_id' | 'sender_id',
    refusal: string,
    act: (trx: DB, request: FriendRequestRow) => Promise<string>,
  ) {
    app.route<{ Params: IdParams }>({
      method,
      url,
      schema: { summary, params: idParams },
      handler: async (req) => {
        const me = userOf(req);
        return transact(db, async (trx) => {
          const request = await requestOf(trx, me, req.params.id);
          if (request[side] !== me) throw forbidden(refusal);
          return { success: true, data: { message: await act(trx, request) } };
        });
      },
    });
  }

  onRequest(
    'POST',
    '/requests/:id/accept',
    'Accept a friend request (its recipient)',
    'recipient_id',
    'Only the member a friend request was sent to can accept it.',
    async (trx, request) => {
      await acceptRequest(trx, request);
      return 'The friend request was accepted: you are now friends.';
    },
  );

  onRequest(
    'POST',
    '/requests/:id/decline',
    'Decline a friend request (its recipient)',
    'recipient_id',
    'Only the member a friend request was sent to can decline it; cancel it instead.',
    async (trx, request) => {
      await takeRequest(trx, request.id);
      return 'The friend request was declined.';
    },
  );

  onRequest(
    'DELETE',
    '/requests/:id',
    'Take back a friend request (its sender)',
    'sender_id',
    'Only the member who sent a friend request can cancel it; decline it instead.',
    async (trx, request) => {
      await takeRequest(trx, request.id);
      // Taken back before an answer: its recipient no longer hears of it.
      await deleteNotificationsOf(trx, 'friend_request', [request.id]);
      return 'Your friend request was cancelled.';
    },
  );

  app.delete<{ Params: Infer<typeof userIdSchema> }>(
    '/:user_id',
    { schema: { summary: 'End a friendship', params: userIdSchema } },
    async (req) => {
      const me = userOf(req);
      return transact(db, async (trx) => {
        const other = await otherMember(trx, me, req.params.user_id);
        if (!(await endFriendship(trx, me, other.id))) throw invalidParam('user_id', 'is not your friend');
        return { success: true, data: { message: `You and ${other.full_name} are no longer friends.` } };
      });
    },
  );
}
