import type { FastifyInstance } from 'fastify';

export default async function coreRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
