import type { FastifyInstance } from 'fastify';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listAlbums as listAlbumRows } from '../../data/albums.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { ALBUM_LIST_ALLOWED, ALBUM_LIST_FIELDS, presentAlbums, type AlbumField } from './present.ts';
import type { Infer } from '../../http/schemas.ts';

const listProperties = {
  keywords: { type: 'string', maxLength: 200 },
  sort: { type: 'string', enum: ['recent', 'popular'] },
  category_id: { type: 'integer', minimum: 1 },
  ...pagingQuery,
  fields: { type: 'string' },
} as const;

const listQuery = { type: 'object', properties: { ...listProperties, user_id: { type: 'integer', minimum: 1 } } } as const;
const myQuery = { type: 'object', properties: listProperties } as const;
type ListQuery = Infer<typeof listQuery>;

export default async function albumListRoutes(app: FastifyInstance): Promise<void> {
  /**
   * One page of albums. `mine`: the caller's own, all of them (special, hidden from search,
   * private); otherwise what the reader may see and what allow_search lets other people list,
   * special albums included (people browse each other's Wall Photos). Sort recent: newest
   * first; popular: most viewed first, then most liked, then newest.
   */
  async function listAlbums(q: ListQuery, readerId: number | null, mine: boolean) {
    const fields = parseFields(q.fields, ALBUM_LIST_ALLOWED, 'fields', ALBUM_LIST_FIELDS) as AlbumField[];
    const { limit, offset } = paging(q);
    const viewer = viewerOf(app.db, readerId);
    if (!mine && q.user_id !== undefined) await checkUserExists(app.db, q.user_id);
    const rows = await listAlbumRows(app.db, {
      readerId,
      mine,
      userId: q.user_id,
      keywords: q.keywords?.trim(),
      categoryId: q.category_id,
      sort: q.sort,
      limit,
      offset,
    });
    return { success: true, data: await presentAlbums(app.db, app.config, viewer, rows, fields) };
  }

  app.get<{ Querystring: ListQuery }>(
    '/',
    {
      schema: {
        summary: 'The albums the reader may see',
        querystring: listQuery,
      },
    },
    async (req) => listAlbums(req.query, req.auth.userId, false),
  );

  app.get<{ Querystring: Infer<typeof myQuery> }>(
    '/my',
    {
      schema: { summary: "The reader's own albums", querystring: myQuery },
    },
    async (req) => listAlbums(req.query, userOf(req), true),
  );
}
