import type { FastifyInstance } from 'fastify';
import { now } from '../db/index.ts';
import { authenticateClient, clientEndpoint, formParams, requireForm, clientSecurity } from './client-auth.ts';
import { sha256 } from './crypto.ts';
import { textParams } from './limits.ts';
import { invalidRequest, noStore } from './oauth-error.ts';
import { revokeFamily } from './tokens.ts';
import { extension } from '../openapi/marks.ts';

export const REVOKE_PATH = '/api/v1/oauth/revoke';

const revokeBody = {
  type: 'object',
  properties: textParams(['token', 'token_type_hint', 'client_id', 'client_secret']),
};

/** Token revocation (RFC 7009). */
export function revokeRoutes(app: FastifyInstance): void {
  app.post(
    REVOKE_PATH,
    {
      schema: {
        summary: 'Revoke a token (RFC 7009)',
        ...extension('Revocation is not in the spec; a client signs out with it (RFC 7009).'),
        security: clientSecurity,
        body: revokeBody,
      },
      ...clientEndpoint(app),
    },
    async (req, reply) => {
      requireForm(req);
      const params = formParams(req.body);
      const client = await authenticateClient(app.db, req, params);
      if (!params.token) throw invalidRequest('token is required.');
      // token_type_hint only speeds up a lookup (§2.1); one hashed lookup finds either kind, so it is ignored.
      const row = await app.db
        .selectFrom('oauth_tokens')
        .select(['id', 'kind', 'client_id', 'family_id'])
        .where('token_hash', '=', sha256(params.token))
        .executeTakeFirst();
      // Another client's token is treated like an unknown one (§2.2: 200 either way), so that
      // a client learns nothing about tokens it does not hold.
      if (row && row.client_id === client.id) {
        if (row.kind === 'refresh' && row.family_id) {
          // §2.1: revoking a refresh token SHOULD also revoke the access tokens of the same grant.
          await revokeFamily(app.db, row.family_id);
        } else {
          await app.db
            .updateTable('oauth_tokens')
            .set({ revoked_at: now() })
            .where('id', '=', row.id)
            .where('revoked_at', 'is', null)
            .execute();
        }
      }
      return noStore(reply).code(200).send();
    },
  );
}
