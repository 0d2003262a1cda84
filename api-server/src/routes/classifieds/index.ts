import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import listingPhotoRoutes from './photos.ts';
import listingReadRoutes from './read.ts';
import listingWriteRoutes from './write.ts';

/** /classifieds (spec: Classifieds, scope classifieds). */
export default async function classifiedsRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'classifieds');
  registerCategoriesRoute(app, 'classified');
  registerOptionRoutes(app, ['view_options', 'comment_options']);
  await app.register(listingReadRoutes);
  await app.register(listingWriteRoutes);
  await app.register(listingPhotoRoutes);
}
