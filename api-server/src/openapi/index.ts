import type { FastifyInstance, FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { swaggerOptions } from './document.ts';

/** The OpenAPI 3.1 document of the whole api-server (openapi/document.ts). */
const OPENAPI_PATH = '/api/v1/openapi.json';
/** The readable reference: Swagger UI, its assets served from the package (nothing from another site). */
const DOCS_PATH = '/api/v1/docs';

/**
 * Starts collecting the routes for the document: registered before any route (the collector is an
 * onRoute hook of the app), so that every route registered after it is in the document.
 */
export async function collectRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swagger, swaggerOptions(app.config));
}

/**
 * The reference page's headers: a policy that lets it load its own scripts, styles and pictures
 * and talk to this API alone (try-it-out), in no frame; nothing about it is cached by anything
 * in between longer than a revalidation.
 */
function referenceHeaders(reply: FastifyReply, apiOrigin: string): void {
  reply
    .header(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        `connect-src 'self' ${apiOrigin}; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer');
}

/**
 * `GET /api/v1/openapi.json` and the reference page at `/api/v1/docs`; both public (the document
 * holds nothing a client may not know) and outside every module's scope check. Neither is in
 * the document itself (`hide`).
 */
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });

  const apiOrigin = new URL(app.config.publicUrl).origin;
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_req, reply) => {
      referenceHeaders(reply, apiOrigin);
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // No top bar (its address field would load any document) and no badge of an online
      // validator (validatorUrl: the plugin's default, none).
      theme: { title: 'Social API reference' },
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: -1,
        // The `x-extension` marks, beside each operation and parameter.
        showExtensions: true,
        persistAuthorization: false,
      },
    });
  });
}
