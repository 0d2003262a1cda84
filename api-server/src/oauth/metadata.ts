import type { FastifyInstance } from 'fastify';
import { ALL_GRANTS, ALL_SCOPES } from '../config.ts';
import { AUTHORIZE_PATH } from './authorize.ts';
import { REVOKE_PATH } from './revoke.ts';
import { TOKEN_PATH } from './token.ts';
import { extension } from '../openapi/marks.ts';

const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];

const strings = { type: 'array', items: { type: 'string' } };
const metadataResponse = {
  type: 'object',
  properties: {
    issuer: { type: 'string' },
    authorization_endpoint: { type: 'string' },
    token_endpoint: { type: 'string' },
    revocation_endpoint: { type: 'string' },
    response_types_supported: strings,
    response_modes_supported: strings,
    grant_types_supported: strings,
    scopes_supported: strings,
    token_endpoint_auth_methods_supported: strings,
    revocation_endpoint_auth_methods_supported: strings,
    code_challenge_methods_supported: strings,
  },
};

/** Authorization server metadata (RFC 8414); the issuer has no path, so it lives at the root. */
export function metadataRoutes(app: FastifyInstance): void {
  app.get(
    '/.well-known/oauth-authorization-server',
    {
      schema: {
        summary: "The authorization server's metadata (RFC 8414)",
        ...extension('Not in the spec: the standard way a client finds the endpoints, grants and scopes (RFC 8414).'),
        querystring: { type: 'object' },
        response: { 200: metadataResponse },
      },
    },
    async (_req, reply) => {
      const base = app.config.publicUrl;
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        issuer: base,
        authorization_endpoint: `${base}${AUTHORIZE_PATH}`,
        token_endpoint: `${base}${TOKEN_PATH}`,
        revocation_endpoint: `${base}${REVOKE_PATH}`,
        response_types_supported: ['code', 'token'],
        response_modes_supported: ['query', 'fragment'],
        grant_types_supported: [...ALL_GRANTS],
        scopes_supported: [...ALL_SCOPES],
        token_endpoint_auth_methods_supported: AUTH_METHODS,
        revocation_endpoint_auth_methods_supported: AUTH_METHODS,
        code_challenge_methods_supported: ['S256'],
      };
    },
  );
}
