import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { requireScope } from '../../oauth/resource-auth.ts';
import eventFeedRoutes from './feeds.ts';
import eventMembershipRoutes from './membership.ts';
import eventReadRoutes from './read.ts';
import eventWriteRoutes from './write.ts';

/**
 * /events (spec: Events, scope events), with event membership (DESIGN.md). The spec's Events
 * table lists no categories or options endpoints; they are served as in the other modules so
 * that clients can fill the event form (auth_photo takes the same privacy ids).
 */
export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireScope(app.db, 'events'));
  registerCategoriesRoute(app, 'event');
  registerOptionRoutes(app, ['view_options', 'comment_options', 'photo_options']);
  await app.register(eventReadRoutes);
  await app.register(eventWriteRoutes);
  await app.register(eventMembershipRoutes);
  await app.register(eventFeedRoutes);
}
