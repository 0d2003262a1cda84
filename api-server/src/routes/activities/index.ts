import type { FastifyInstance } from 'fastify';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import notificationRoutes from './notifications.ts';
import activityReadRoutes from './read.ts';
import activityWriteRoutes from './write.ts';

/** /activities (spec: Activities, scope activities). */
export default async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'activities');
  await app.register(activityReadRoutes);
  await app.register(activityWriteRoutes);
  await app.register(notificationRoutes);
}
