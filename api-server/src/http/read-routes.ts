import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParams } from './schemas.ts';

type DetailRequest = FastifyRequest<{ Params: { id: number }; Querystring: { fields?: string } }>;

/**
 * The three reading routes of a module whose items members own (blogs, listings): `/` what the
 * reader may see, optionally one member's (`user_id`); `/my` the reader's own; `/:id` one item.
 * `list` and `detail` return the whole response body.
 */
export function ownedItemReadRoutes<Q>(
  app: FastifyInstance,
  /** The items' name in the routes' summaries: "blog posts". */
  items: string,
  listProperties: Record<string, unknown>,
  list: (req: FastifyRequest<{ Querystring: Q }>, mine: boolean) => Promise<unknown>,
  detail: (req: DetailRequest) => Promise<unknown>,
): void {
  app.get<{ Querystring: Q }>(
    '/',
    {
      schema: {
        summary: `The ${items} the reader may see (one member's with user_id)`,
        querystring: { type: 'object', properties: { ...listProperties, user_id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => list(req, false),
  );

  app.get<{ Querystring: Q }>(
    '/my',
    {
      schema: { summary: `The reader's own ${items}`, querystring: { type: 'object', properties: listProperties } },
    },
    async (req) => list(req, true),
  );

  app.get<{ Params: { id: number }; Querystring: { fields?: string } }>(
    '/:id',
    {
      schema: {
        summary: `One of the ${items}`,
        params: idParams,
        querystring: { type: 'object', properties: { fields: { type: 'string', maxLength: 400 } } },
      },
    },
    detail,
  );
}
