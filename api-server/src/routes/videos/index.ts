import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import videoComposeRoutes from './compose-upload.ts';
import videoPosterRoutes from './poster.ts';
import videoReadRoutes from './read.ts';
import videoWriteRoutes from './write.ts';

/** /videos (scope videos): the origin's module (YouNet's Api/Video.php), docs/api.md "Videos". */
export default async function videosRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'videos');
  extensionRoutes(app, 'The spec names the videos scope and shows none of its operations: these follow the API it was taken from.');
  registerCategoriesRoute(app, 'video');
  registerOptionRoutes(app, ['view_options', 'comment_options']);
  await app.register(videoReadRoutes);
  await app.register(videoWriteRoutes);
  await app.register(videoComposeRoutes);
  await app.register(videoPosterRoutes);
}
