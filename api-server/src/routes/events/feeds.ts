import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../oauth/crypto.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { idParams, type IdParams } from '../../http/schemas.ts';
import { createEventFeed, listEventFeeds, revokeEventFeed } from '../../data/events.ts';
import { extensionRoutes } from '../../openapi/marks.ts';

// Calendar feeds (extension, docs/api.md, "Extensions": Calendar feeds): a secret address a
// calendar app polls without any sign-in, listing the events its owner leads, attends or may
// attend. Each feed is a grant of its own, read-only and for events alone, made when its owner asks
// (with an events-scope token), independent of their OAuth tokens (signing out of an app does not
// stop it), and stopped at once by revoking it or making a new one. Only the SHA-256 hash of the
// secret is stored (a 256-bit random secret needs no slow hash); the secret is told once, when the
// feed is made.

export default async function eventFeedRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all (docs/api.md, "Calendar feeds").
  extensionRoutes(app, 'Calendar feeds: a read-only grant of their own that calendar apps poll (docs/api.md, "Calendar feeds").');
  const db = app.db;

  /** POST /events/feeds: a new feed (any feed the person had is revoked): answers its secret, once. */
  app.post(
    '/feeds',
    { schema: { summary: 'Make a calendar feed (the previous one is revoked); its secret is told once' } },
    async (req) => {
      const me = userOf(req);
      const secret = randomToken();
      const t = now();
      const row = await createEventFeed(db, { userId: me, secretHash: sha256(secret), at: t });
      return { success: true, data: { id: row.id, secret, created_at: t } };
    },
  );

  /** GET /events/feeds: the person's feeds in force (never their secrets). */
  app.get('/feeds', { schema: { summary: 'The calendar feeds in force (never their secrets)' } }, async (req) => {
    const me = userOf(req);
    const rows = await listEventFeeds(db, me);
    return { success: true, data: rows };
  });

  /** DELETE /events/feeds/{id}: revokes a feed; its address answers 404 from then on. */
  app.delete<{ Params: IdParams }>('/feeds/:id', { schema: { summary: 'Revoke a calendar feed', params: idParams } }, async (req) => {
    const me = userOf(req);
    if (!(await revokeEventFeed(db, { id: req.params.id, userId: me }))) throw notFound('The calendar feed was not found.');
    return { success: true, data: { message: 'The calendar feed was revoked.' } };
  });
}
