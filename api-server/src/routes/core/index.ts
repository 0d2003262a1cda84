import type { FastifyInstance } from 'fastify';
import { requireScope } from '../../oauth/resource-auth.ts';
import commentRoutes from './comments.ts';
import likeRoutes from './likes.ts';

/** /core (spec: Core, scope basic): likes and comments of every item type. */
export default async function coreRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireScope(app.db, 'basic'));
  await app.register(likeRoutes);
  await app.register(commentRoutes);
}
