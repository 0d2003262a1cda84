import type { FastifyInstance } from 'fastify';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import commentRoutes from './comments.ts';
import likeRoutes from './likes.ts';
import linkPreviewRoutes from './link-preview/index.ts';
import reportRoutes from './report.ts';
import searchRoutes from './search.ts';
import searchTypeRoutes from './search-types.ts';
import tagRoutes from './tags.ts';

/** /core (spec: Core, scope basic): likes, comments, tags, reports, search types, search and link previews. */
export default async function coreRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'basic');
  await app.register(likeRoutes);
  await app.register(commentRoutes);
  await app.register(searchTypeRoutes);
  await app.register(searchRoutes);
  await app.register(reportRoutes);
  await app.register(linkPreviewRoutes);
  await app.register(tagRoutes);
}
