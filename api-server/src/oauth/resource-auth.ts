import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Scope } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { OAUTH2 } from '../openapi/marks.ts';
import { sha256 } from './crypto.ts';

export interface Auth {
  /** null for a client-credentials token: the client acts for itself. */
  userId: number | null;
  clientId: string;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
  }
}

const realm = 'Bearer realm="api"';

function unauthorized(message: string, error = 'invalid_token'): ApiError {
  return new ApiError(401, 'unauthorized_user', message, undefined, {
    'WWW-Authenticate': error ? `${realm}, error="${error}", error_description="${message}"` : realm,
  });
}

/** The access token of a resource request: `Authorization: Bearer` or `access_token` (RFC 6750 §2.1, §2.3). */
function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const query = (req.query as Record<string, unknown> | undefined)?.access_token;
  const fromHeader = header?.match(/^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i)?.[1];
  if (header && !fromHeader) throw unauthorized('The Authorization header must be "Bearer <token>".', 'invalid_request');
  if (fromHeader && query !== undefined) {
    // RFC 6750 §2: a client MUST NOT use more than one method to send the token.
    throw new ApiError(
      400,
      'bad_request',
      'Send the access token either in the Authorization header or as access_token, not both.',
      undefined,
      {
        'WWW-Authenticate': `${realm}, error="invalid_request"`,
      },
    );
  }
  if (fromHeader) return fromHeader;
  if (typeof query === 'string' && query) return query;
  return null;
}

export async function authenticate(db: DB, req: FastifyRequest): Promise<Auth> {
  const token = tokenOf(req);
  if (!token) throw new ApiError(401, 'unauthorized_user', 'An access token is required.', undefined, { 'WWW-Authenticate': realm });
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['user_id', 'client_id', 'scope', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', 'access')
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) throw unauthorized('The access token is invalid or was revoked.');
  if (row.expires_at <= now()) throw unauthorized('The access token has expired.');
  return { userId: row.user_id, clientId: row.client_id, scopes: row.scope.split(' ').filter(Boolean) };
}

/** onRequest hook: a valid access token carrying `scope` (401 / 403 insufficient_scope otherwise). */
function requireScope(db: DB, scope: string) {
  return async function checkToken(req: FastifyRequest): Promise<void> {
    const auth = await authenticate(db, req);
    if (!auth.scopes.includes(scope)) {
      throw new ApiError(403, 'insufficient_scope', `This request needs the "${scope}" scope.`, undefined, {
        'WWW-Authenticate': `${realm}, error="insufficient_scope", scope="${scope}"`,
      });
    }
    req.auth = auth;
  };
}

/**
 * Every route of `app` (a module's plugin, and the plugins it registers) needs a token carrying
 * `scope`: the onRequest check above, and the same requirement written into each route's schema
 * as its OpenAPI security requirement (scheme `oauth2`, openapi/document.ts). One call does both,
 * so that the published document cannot name another scope than the one checked.
 */
export function requireScopeFor(app: FastifyInstance, scope: Scope): void {
  app.addHook('onRequest', requireScope(app.db, scope));
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [OAUTH2]: [scope] }] };
  });
}

/** The signed-in user of the request; client-credentials tokens cannot act for a user. */
export function userOf(req: FastifyRequest): number {
  if (req.auth.userId === null) {
    throw new ApiError(403, 'forbidden', 'This request needs a token issued for a user, not a client-credentials token.');
  }
  return req.auth.userId;
}
