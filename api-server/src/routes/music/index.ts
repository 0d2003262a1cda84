import type { FastifyInstance } from 'fastify';
import { registerOptionRoutes } from '../../domain/options.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import { requireScopeFor } from '../../oauth/resource-auth.ts';
import musicReadRoutes from './read.ts';
import musicSongRoutes from './songs.ts';
import musicWriteRoutes from './write.ts';

/** /music (scope music): the origin's module (YouNet's Api/Music.php), docs/api.md "Music". */
export default async function musicRoutes(app: FastifyInstance): Promise<void> {
  requireScopeFor(app, 'music');
  extensionRoutes(app, 'The spec names the music scope and shows none of its operations: these follow the API it was taken from.');
  registerOptionRoutes(app, ['view_options', 'comment_options']);
  await app.register(musicReadRoutes);
  await app.register(musicWriteRoutes);
  await app.register(musicSongRoutes);
}
