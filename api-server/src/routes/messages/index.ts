import type { FastifyInstance } from 'fastify';
import { requireScope } from '../../oauth/resource-auth.ts';
import messageReadRoutes from './read.ts';
import messageWriteRoutes from './write.ts';

/**
 * /messages (issue 47; docs/api.md, "Messages"): private conversations on the origin API's paths
 * (YouNet's REST API for SocialEngine 4, `Api/Message.php`), scope `messages`, a user's token
 * (userOf: a client-credentials token is 403).
 */
export default async function messagesRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireScope(app.db, 'messages'));
  await app.register(messageReadRoutes);
  await app.register(messageWriteRoutes);
}
