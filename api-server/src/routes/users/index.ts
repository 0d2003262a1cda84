import type { FastifyInstance } from 'fastify';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
