// A route handler that builds its own query (scripts/lint-boundaries.test.ts lints this as a file of api-server/src/routes/).
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export default async function fixtureRoutes(app: FastifyInstance): Promise<void> {
  app.get('/fixture', async () => {
    const rows = await app.db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`1 = 1`)
      .execute();
    return { rows };
  });
}
