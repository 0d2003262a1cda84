import type { FastifyInstance } from 'fastify';
import { requireScope } from '../../oauth/resource-auth.ts';
import composeUploadRoutes from './compose-upload.ts';

/** /albums (spec: Albums, scope albums). One file per group of operations. */
export default async function albumsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireScope(app.db, 'albums'));
  await app.register(composeUploadRoutes);
}
