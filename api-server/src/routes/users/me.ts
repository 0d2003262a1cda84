import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';
import { toOwnerSummary } from '../../domain/owners.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getAccount } from '../../data/users.ts';

export default async function meRoutes(app: FastifyInstance): Promise<void> {
  // The owner summary plus email; a client-credentials token has no user (403).
  app.get('/me', { schema: { summary: 'The signed-in user', querystring: { type: 'object', properties: {} } } }, async (req) => {
    const me = userOf(req);
    const user = await getAccount(app.db, me);
    if (!user) throw notFound('The user was not found.');
    return { success: true, data: { ...toOwnerSummary(app.config, user), email: user.email } };
  });
}
