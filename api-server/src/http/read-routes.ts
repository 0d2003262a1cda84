import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import { extensionParam } from '../openapi/marks.ts';
import { idParams, type IdParams, type Infer, type InferProperties } from './schemas.ts';

/** One member's items (`/` only): a positive-integer `user_id`. */
const userIdProperty = { user_id: { type: 'integer', minimum: 1 } } as const;

/**
 * `count_view` of every detail read that counts a view (albums, blogs, groups, listings,
 * playlists, videos): 0 for a read that is no one opening the item, which then counts none (the
 * web client drawing a shared link's preview image, which a link's unfurl fetches beside its
 * page; an editor's form). A server of the documents alone ignores it and counts the read.
 */
export const countViewParam = {
  count_view: {
    type: 'integer',
    enum: [0, 1],
    default: 1,
    ...extensionParam('0: the read is not a visit (a preview image drawn for a shared link, an editor) and counts no view.'),
  },
} as const;

/** Whether a detail read counts a view, by its `count_view` (see countViewParam), the reader aside. */
export const countsView = (query: { count_view?: number }): boolean => query.count_view !== 0;

const detailQuery = { type: 'object', properties: { fields: { type: 'string', maxLength: 400 }, ...countViewParam } } as const;

/** The query of the lists of a module whose list properties are `P` (`user_id` on `/` only). */
export type OwnedListQuery<P extends Record<string, JSONSchema>> = InferProperties<P & typeof userIdProperty>;

type DetailRequest = FastifyRequest<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>;

/**
 * The three reading routes of a module whose items members own (blogs, listings): `/` what the
 * reader may see, optionally one member's (`user_id`); `/my` the reader's own; `/:id` one item.
 * `list` and `detail` return the whole response body.
 */
export function ownedItemReadRoutes<Q>(
  app: FastifyInstance,
  /** The items' name in the routes' summaries: "blog posts". */
  items: string,
  /** The lists' query properties; `Q` is their `OwnedListQuery`. */
  listProperties: Record<string, unknown>,
  list: (req: FastifyRequest<{ Querystring: Q }>, mine: boolean) => Promise<unknown>,
  detail: (req: DetailRequest) => Promise<unknown>,
): void {
  app.get<{ Querystring: Q }>(
    '/',
    {
      schema: {
        summary: `The ${items} the reader may see (one member's with user_id)`,
        querystring: { type: 'object', properties: { ...listProperties, ...userIdProperty } },
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

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    { schema: { summary: `One of the ${items}`, params: idParams, querystring: detailQuery } },
    detail,
  );
}
