import type { FastifyInstance } from 'fastify';
import { createSignInThrottle, type SignInThrottle } from '../oauth/sign-in-throttle.ts';
import legacyApiRoutes from './api.ts';
import legacyPageRoutes, { APPS_PREFIX } from './pages.ts';

/**
 * The legacy token API (spec 001) and the site page that embeds its applications, at the root:
 * /token.php, /api.php, /apps/{app_id}. Each part has its own error handling (the API answers
 * its envelope with HTTP 200; the pages answer pages).
 */
export default async function legacyRoutes(app: FastifyInstance, opts: { throttle?: SignInThrottle } = {}): Promise<void> {
  await app.register(legacyApiRoutes);
  await app.register(legacyPageRoutes, { prefix: APPS_PREFIX, throttle: opts.throttle ?? createSignInThrottle(app.db) });
}
