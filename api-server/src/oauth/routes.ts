import type { FastifyInstance } from 'fastify';
import { authorizeRoutes } from './authorize.ts';
import { metadataRoutes } from './metadata.ts';
import { revokeRoutes } from './revoke.ts';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle.ts';
import { tokenRoutes } from './token.ts';

/**
 * The authorization server: /api/v1/oauth/{authorize,token,revoke} and the RFC 8414 metadata.
 * Registered at the root (the metadata lives under /.well-known). Its endpoints answer RFC 6749
 * errors (JSON, or HTML pages for the browser-facing authorize endpoint), not the API's envelope.
 */
export default async function oauthRoutes(app: FastifyInstance, opts: { throttle?: SignInThrottle } = {}): Promise<void> {
  // One per app: the sign-in page and the password grant count failures together.
  const throttle = opts.throttle ?? createSignInThrottle(app.db);
  authorizeRoutes(app, { throttle });
  tokenRoutes(app, { throttle });
  revokeRoutes(app);
  metadataRoutes(app);
}
