import type { FastifyInstance } from 'fastify';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import meRoutes from './me.ts';
import memberRoutes from './member.ts';
import profilePhotoRoutes from './profile-photo.ts';
import blockRoutes from './block.ts';
import settingsPrivacyRoutes from './settings-privacy.ts';
import { extensionRoutes } from '../../openapi/marks.ts';

/**
 * /users (extensions, docs/api.md "Extensions"): the signed-in user and any member (scope basic, as
 * DESIGN.md gives GET /users/me), and changing one's profile picture, blocks and who may message
 * one (scope settings: "user info").
 */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all (docs/api.md, "Extensions").
  extensionRoutes(
    app,
    'The spec shows no operation on members or settings (docs/api.md, "Members", "Profile picture", "Blocking and who may message whom").',
  );
  await app.register(async (basic) => {
    requireScopeFor(basic, 'basic');
    await basic.register(meRoutes);
    await basic.register(memberRoutes);
  });
  await app.register(async (settings) => {
    requireScopeFor(settings, 'settings');
    await settings.register(profilePhotoRoutes);
    await settings.register(blockRoutes);
    await settings.register(settingsPrivacyRoutes);
  });
}
