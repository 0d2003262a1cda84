import type { FastifyInstance } from 'fastify';
import { GROUP_EVENT_PRIVACY_OPTIONS, registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import eventCalendarRoutes from './calendar.ts';
import eventFeedRoutes from './feeds.ts';
import eventMembershipRoutes from './membership.ts';
import eventReadRoutes from './read.ts';
import eventWriteRoutes from './write.ts';
import { extension } from '../../openapi/marks.ts';

/**
 * /events (spec: Events, scope events), with event membership (DESIGN.md). The spec's Events
 * table lists no categories or options endpoints; they are served as in the other modules so
 * that clients can fill the event form (auth_photo takes the same privacy ids).
 */
export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'events');
  const formLists = extension("The spec's Events table lists no categories or options; served as the other modules serve theirs.");
  registerCategoriesRoute(app, 'event', formLists);
  // parent_type=group (issue 48): the choices of an event made in a group.
  registerOptionRoutes(app, ['view_options', 'comment_options', 'photo_options'], formLists, GROUP_EVENT_PRIVACY_OPTIONS);
  await app.register(eventReadRoutes);
  await app.register(eventCalendarRoutes);
  await app.register(eventWriteRoutes);
  await app.register(eventMembershipRoutes);
  await app.register(eventFeedRoutes);
}
