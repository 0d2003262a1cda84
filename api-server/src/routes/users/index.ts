import type { FastifyInstance } from 'fastify';
import { requireScope } from '../../oauth/resource-auth.ts';
import meRoutes from './me.ts';

/** /users: the signed-in user (DESIGN.md: GET /users/me, scope basic). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireScope(app.db, 'basic'));
  await app.register(meRoutes);
}
