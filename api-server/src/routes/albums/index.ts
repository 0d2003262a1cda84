import type { FastifyInstance } from 'fastify';

export default async function albumsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
