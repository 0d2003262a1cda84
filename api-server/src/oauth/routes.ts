import type { FastifyInstance } from 'fastify';

export default async function oauthRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
