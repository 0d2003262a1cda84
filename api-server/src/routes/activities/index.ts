import type { FastifyInstance } from 'fastify';

export default async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
