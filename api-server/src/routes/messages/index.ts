import type { FastifyInstance } from 'fastify';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import messageReadRoutes from './read.ts';
import messageWriteRoutes from './write.ts';
import { extensionRoutes } from '../../openapi/marks.ts';

/**
 * /messages (issue 47; docs/api.md, "Messages"): private conversations on the origin API's paths
 * (YouNet's REST API for SocialEngine 4, `Api/Message.php`), scope `messages`, a user's token
 * (userOf: a client-credentials token is 403).
 */
export default async function messagesRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all: the origin's module (docs/api.md, "Messages").
  extensionRoutes(
    app,
    'The spec names the messages scope and shows none of its operations: these are the paths and fields of the API it was taken from (docs/api.md, "Messages").',
  );
  requireScopeFor(app, 'messages');
  await app.register(messageReadRoutes);
  await app.register(messageWriteRoutes);
}
