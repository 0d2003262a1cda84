import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import { type DB, openDatabase } from './db/index.ts';
import { type LogFormat, loggerOptions } from './logging.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './errors.ts';
import { multipartBodies } from './http/multipart.ts';
import { hardenNumbers, safeNumberKeywords } from './http/safe-numbers.ts';
import { refuseNulText } from './http/text.ts';
import { fileStore } from './storage/images.ts';
import { ensureDefaultAvatar } from './domain/owners.ts';
import oauthRoutes from './oauth/routes.ts';
import { createSignInThrottle } from './oauth/sign-in-throttle.ts';
import legacyRoutes from './legacy/index.ts';
import { isAppsAddress, pageErrorHandler } from './legacy/pages.ts';
import apiRoutes from './routes/index.ts';
import { sweepPendingUploadsPeriodically } from './routes/albums/pending-uploads.ts';
import { searchIndexUpkeep } from './db/search/index.ts';
import { openApiKeywords } from './openapi/marks.ts';
import type { MediaWorker } from './media/worker.ts';
import { collectRoutes, referenceRoutes } from './openapi/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: Config;
    /** This instance's media worker, when it runs one (media/worker.ts): told of a new job so that it starts at once. */
    mediaWorker: MediaWorker | null;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already opened database (tests, seed); opened from config.dataDir otherwise. */
  db?: DB;
  /** Logs (logging.ts): none by default (tests); the server passes LOG_FORMAT and LOG_LEVEL. */
  log?: { format: LogFormat; level: string };
  /** Called with every route as it is registered, after its schema is hardened (the fuzz suite reads the routes so). */
  onRoute?: (route: RouteOptions) => void;
}

// One pool of Ajv instances for every app this process builds, instead of Fastify's one per app:
// Ajv keeps each schema's compiled validator by the schema object, and the routes' schemas are
// module constants (hardened once each, http/safe-numbers.ts), so a second app (a test file's, of
// hundreds in a worker; secondInstance's) reuses what the first compiled, where compiling every
// route's schemas again took ~300 ms per app. Fastify's own compiler, shared: same options and plugins.
const validators = AjvCompiler();

export async function buildApp({ config, db, log, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const database = db ?? (await openDatabase(config)).db;
  const app = Fastify({
    ...(log ? loggerOptions(log.format, log.level) : { logger: false }),
    bodyLimit: config.bodyLimit,
    // Behind load balancers (TRUST_PROXY), req.ip is the client's address they forward.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    ajv: {
      // Report every bad parameter at once; coerce form and query strings to the schema's types.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, useDefaults: true },
      plugins: [safeNumberKeywords, openApiKeywords],
    },
    schemaController: { compilersFactory: { buildValidator: validators } },
    // Fastify's and Node's own refusals answer in the envelope too (errors.ts); those of an
    // address under /apps answer its pages' way (legacy/pages.ts), as the rest of /apps does.
    frameworkErrors: (err, req, reply) => {
      if (isAppsAddress(req.raw.url ?? '')) pageErrorHandler(err, req, reply);
      else frameworkErrors(err, req, reply);
    },
    clientErrorHandler,
  });
  app.decorate('db', database);
  app.decorate('config', config);
  app.decorate('mediaWorker', null);
  app.decorateRequest('auth', null as never);
  app.addHook('onClose', async () => {
    if (!db) await database.destroy();
  });
  // Abandoned uploads go by a timer of the app's own (after the hook above: closing waits for a
  // sweep under way before the database goes).
  sweepPendingUploadsPeriodically(app);
  // The search index's upkeep (db/search/sqlite-upkeep.ts), likewise stopped before the database goes.
  if (config.searchUpkeep) {
    const upkeep = searchIndexUpkeep(database, (err) => app.log.warn({ err }, 'could not merge the search index'));
    app.addHook('onReady', async () => upkeep.start());
    app.addHook('onClose', () => upkeep.stop());
  }
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  registerErrorHandling(app);
  // Every route's integers and numbers are checked as safe and finite (http/safe-numbers.ts).
  hardenNumbers(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  // The OpenAPI document sees every route registered from here on (openapi/).
  await collectRoutes(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // Spec: POST bodies are multipart/form-data. Fields and files land on request.body so the
  // route schemas validate them like any form; what the parser refuses answers 400/413 in the
  // envelope. http/multipart.ts sets each request's limits from its route: API_BODY_LIMIT (the
  // route's bodyLimit) for the fields together, files only under the names a route takes, each
  // up to UPLOAD_MAX_BYTES. The defaults here take no file, for any other reader of parts.
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 0, fieldSize: config.bodyLimit } });
  multipartBodies(app);
  // Text without NUL characters, which no database column takes (http/text.ts); after the
  // multipart fields became the body.
  refuseNulText(app);

  // Owner summaries of users without a picture point at this one (domain/owners.ts).
  await ensureDefaultAvatar(config.dataDir);
  // Uploaded files, served from the store every instance shares (storage/file-store.ts).
  await fileStore(config.dataDir).serve(app);

  // One sign-in throttle for every password form (authorize page, password grant, /apps sign-in).
  const throttle = createSignInThrottle(database);
  await app.register(oauthRoutes, { throttle });
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(legacyRoutes, { throttle });
  // GET /api/v1/openapi.json and the reference page, /api/v1/docs.
  await referenceRoutes(app);
  return app;
}
