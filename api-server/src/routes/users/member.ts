import type { FastifyInstance } from 'fastify';
import type { RawBuilder, SqlBool } from 'kysely';
import { notFound } from '../../errors.ts';
import { blockStatus, type BlockStatus } from '../../domain/blocks.ts';
import { friendshipOf } from '../../domain/friendships.ts';
import { startRefusal } from '../../domain/messages.ts';
import { toOwnerSummary } from '../../domain/owners.ts';
import { idParams, type IdParams } from '../../http/schemas.ts';
import { now } from '../../db/index.ts';
import { countFriends, countMutualFriends } from '../../data/friends.ts';
import { countListedOf, getMember } from '../../data/users.ts';
import { albumsListedTo } from '../../data/albums.ts';
import { blogsListedTo } from '../../data/blogs.ts';
import { listingsListedTo } from '../../data/classifieds.ts';
import { eventsListedTo } from '../../data/events.ts';

export default async function memberRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // A member's page header: the owner summary, how many friends they have and, for a user's
  // token, how the reader stands with them and how many friends they share (null for a
  // client-credentials token, which reads as nobody), and how many of their albums, blog posts,
  // listings and upcoming events the reader would find on their profile's tabs: each counted with
  // the rule its module's list (with user_id) filters by, so a count and its tab always agree.
  app.get<{ Params: IdParams }>(
    '/:id',
    { schema: { summary: 'A member: summary, counts, friendship and whether one may message them', params: idParams } },
    async (req) => {
      const user = await getMember(db, req.params.id);
      if (!user) throw notFound('The user was not found.');
      const friends = await countFriends(db, user.id);
      const me = req.auth.userId;
      const count = (table: 'albums' | 'blogs' | 'classifieds' | 'events', alias: string, listed: RawBuilder<SqlBool>) =>
        countListedOf(db, { table, alias, ownerId: user.id, listed });
      const [albums, blogs, listings, events] = await Promise.all([
        count('albums', 'a', albumsListedTo(me)),
        count('blogs', 'b', blogsListedTo(me)),
        count('classifieds', 'c', listingsListedTo(me)),
        count('events', 'e', eventsListedTo(me, 'upcoming', now())),
      ]);
      const shared = { total_album: albums, total_blog: blogs, total_listing: listings, total_event: events };
      let reader: {
        friendship: string | null;
        friend_request_id?: number;
        total_mutual_friend: number | null;
        block_status: BlockStatus | null;
        can_send_message: boolean | null;
        send_message_refusal: string | null;
      } = {
        friendship: null,
        total_mutual_friend: null,
        block_status: null,
        can_send_message: null,
        send_message_refusal: null,
      };
      if (me !== null) {
        const { friendship, requestId } = await friendshipOf(db, me, user.id);
        const mutual = me === user.id ? 0 : await countMutualFriends(db, me, user.id);
        // Messages (docs/api.md, "Messages"): whether the reader may start a conversation, and why not.
        const refusal = me === user.id ? 'You cannot send a message to yourself.' : await startRefusal(db, me, user);
        reader = {
          friendship,
          ...(requestId !== undefined ? { friend_request_id: requestId } : {}),
          total_mutual_friend: mutual,
          block_status: await blockStatus(db, me, user.id),
          can_send_message: refusal === null,
          send_message_refusal: refusal,
        };
      }
      return {
        success: true,
        data: {
          ...toOwnerSummary(app.config, { id: user.id, full_name: user.full_name, avatar_key: user.avatar_key }),
          total_friend: friends,
          ...shared,
          ...reader,
        },
      };
    },
  );
}
