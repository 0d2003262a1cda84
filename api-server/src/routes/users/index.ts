import type { FastifyInstance } from 'fastify';
import { requireScope } from '../../oauth/resource-auth.ts';
import meRoutes from './me.ts';
import memberRoutes from './member.ts';
import profilePhotoRoutes from './profile-photo.ts';
import blockRoutes from './block.ts';
import settingsPrivacyRoutes from './settings-privacy.ts';

/**
 * /users (extensions, docs/api.md "Extensions"): the signed-in user and any member (scope basic, as
 * DESIGN.md gives GET /users/me), and changing one's profile picture, blocks and who may message
 * one (scope settings: "user info").
 */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (basic) => {
    basic.addHook('onRequest', requireScope(app.db, 'basic'));
    await basic.register(meRoutes);
    await basic.register(memberRoutes);
  });
  await app.register(async (settings) => {
    settings.addHook('onRequest', requireScope(app.db, 'settings'));
    await settings.register(profilePhotoRoutes);
    await settings.register(blockRoutes);
    await settings.register(settingsPrivacyRoutes);
  });
}
