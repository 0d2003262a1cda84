import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute, registerOptionRoutes } from '../../domain/options.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import blogReadRoutes from './read.ts';
import blogWriteRoutes from './write.ts';

/** /blogs (spec: Blogs, scope blogs). */
export default async function blogsRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'blogs');
  registerCategoriesRoute(app, 'blog');
  registerOptionRoutes(app, ['view_options', 'comment_options']);
  await app.register(blogReadRoutes);
  await app.register(blogWriteRoutes);
}
