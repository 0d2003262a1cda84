import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import albumRoutes from './album.ts';
import composeUploadRoutes from './compose-upload.ts';
import albumListRoutes from './list.ts';
import photoRoutes from './photos.ts';
import uploadRoutes from './upload.ts';

/** /albums (spec: Albums, scope albums). One file per group of operations. */
export default async function albumsRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'albums');
  registerCategoriesRoute(app, 'album');
  registerOptionRoutes(app, ['view_options', 'comment_options', 'tag_options']);
  await app.register(albumListRoutes);
  await app.register(albumRoutes);
  await app.register(photoRoutes);
  await app.register(uploadRoutes);
  await app.register(composeUploadRoutes);
}
