import type { FastifyInstance } from 'fastify';
import { registerCategoriesRoute } from '../../domain/options.ts';
import { ACT_OPTIONS, VIEW_OPTIONS } from '../../domain/groups.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import groupMembershipRoutes from './membership.ts';
import groupEventRoutes from './events.ts';
import groupPhotoRoutes from './photos.ts';
import groupReadRoutes from './read.ts';
import groupWriteRoutes from './write.ts';

/**
 * /groups (issue 48; docs/api.md, "Groups"): communities with members and officers on the origin
 * API's paths (YouNet's REST API for SocialEngine 4, v4.02 `Api/Group.php`), scope `groups`.
 * Lists and a group's page are read with any token (a client-credentials token sees what
 * everyone may); every change needs a user's.
 */
export default async function groupsRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all: the origin's module (docs/api.md, "Groups").
  extensionRoutes(
    app,
    'The spec names the groups scope and shows none of its operations: these are the paths and fields of the API it was taken from (docs/api.md, "Groups").',
  );
  requireScopeFor(app, 'groups');
  registerCategoriesRoute(app, 'group');
  // The roles a group's settings take: who sees it (everyone too), and who posts, adds photos and events.
  const options = { view_options: VIEW_OPTIONS, comment_options: ACT_OPTIONS, photo_options: ACT_OPTIONS, event_options: ACT_OPTIONS };
  for (const [name, data] of Object.entries(options)) {
    const summary = `The roles of ${name.replace('_options', '')} (${data.map((o) => o.id).join(', ')})`;
    app.get(`/${name}`, { schema: { summary } }, async () => ({ success: true, data }));
  }
  await app.register(groupReadRoutes);
  await app.register(groupWriteRoutes);
  await app.register(groupMembershipRoutes);
  await app.register(groupPhotoRoutes);
  await app.register(groupEventRoutes);
}
