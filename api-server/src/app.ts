import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import { type DB, openDatabase } from './db/index.ts';
import { registerErrorHandling } from './errors.ts';
import { filesDir } from './storage/images.ts';
import { ensureDefaultAvatar } from './domain/owners.ts';
import oauthRoutes from './oauth/routes.ts';
import { createSignInThrottle } from './oauth/sign-in-throttle.ts';
import legacyRoutes from './legacy/index.ts';
import apiRoutes from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: Config;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already opened database (tests, seed); opened from config.dataDir otherwise. */
  db?: DB;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, db, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const database = db ?? (await openDatabase(config.dataDir)).db;
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: false,
    ajv: {
      // Report every bad parameter at once; coerce form and query strings to the schema's types.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, useDefaults: true },
    },
  });
  app.decorate('db', database);
  app.decorate('config', config);
  app.decorateRequest('auth', null as never);
  app.addHook('onClose', async () => {
    if (!db) await database.destroy();
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // Spec: POST bodies are multipart/form-data. Fields and files land on request.body so the
  // route schemas validate them like any form; files arrive as Buffers, capped in size.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 200, fieldSize: config.bodyLimit, parts: 210 },
  });

  const files = filesDir(config.dataDir);
  fs.mkdirSync(files, { recursive: true });
  // Owner summaries of users without a picture point at this one (domain/owners.ts).
  await ensureDefaultAvatar(config.dataDir);
  await app.register(fastifyStatic, {
    root: files,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  // One sign-in throttle for every password form (authorize page, password grant, /apps sign-in).
  const throttle = createSignInThrottle();
  await app.register(oauthRoutes, { throttle });
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(legacyRoutes, { throttle });
  return app;
}
