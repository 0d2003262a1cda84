import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { getEventFeedOwner, listFeedEvents } from '../../data/events.ts';
import { sha256 } from '../../oauth/crypto.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import type { Infer } from '../../http/schemas.ts';

// GET /event_feeds/{secret} (extension, docs/api.md, "Extensions": Calendar feeds): the events of a
// calendar feed, read with the feed's secret alone (no OAuth token: calendar apps poll it). A wrong
// or revoked secret is 404. It lists what its owner leads, attends, may attend or is invited to,
// still visible to them, from 30 days back; each event with its instants and its last change, and
// no member (no names: not even the organiser's).

const SECRET = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;
const feedParams = { type: 'object', properties: { secret: SECRET }, required: ['secret'] } as const;
const BACK = 30 * 86400;
const MAX = 500;

export default async function eventFeedReadRoutes(app: FastifyInstance): Promise<void> {
  // An extension (docs/api.md, "Calendar feeds").
  extensionRoutes(app, 'Calendar feeds: read with the feed\'s secret, no OAuth token (docs/api.md, "Calendar feeds").');
  const db = app.db;
  app.get<{ Params: Infer<typeof feedParams> }>(
    '/:secret',
    {
      schema: {
        summary: 'The events of a calendar feed, read with its secret alone (no token)',
        params: feedParams,
      },
    },
    async (req, reply) => {
      const feed = await getEventFeedOwner(db, sha256(req.params.secret));
      if (!feed) throw notFound('There is no such calendar feed.');
      const me = feed.user_id;
      const rows = await listFeedEvents(db, { userId: me, since: now() - BACK, limit: MAX });
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          description: r.description,
          location: r.location,
          timezone: r.timezone,
          start_at: r.start_time,
          end_at: r.end_time,
          updated_at: r.updated_at,
          rsvp: r.owner_id === me ? 'organiser' : r.rsvp,
        })),
      };
    },
  );
}
