import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listedFor, visibleTo } from '../../domain/visibility.ts';
import { containsText } from '../../db/text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { ALBUM_LIST_ALLOWED, ALBUM_LIST_FIELDS, presentAlbums, selectAlbumsWithStats, type AlbumField } from './present.ts';
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

/**
 * The albums other people's lists show the reader (alias `a`): what they may see and what
 * allow_search lets them list. The list and a member's counts (GET /users/{id}) share it.
 */
export function albumsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visibleTo('a', readerId)} and ${listedFor('a', readerId)})`;
}

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
    let query = selectAlbumsWithStats(app.db, readerId);
    if (mine) {
      query = query.where('a.owner_id', '=', readerId!);
    } else {
      query = query.where(albumsListedTo(readerId));
      if (q.user_id !== undefined) {
        await checkUserExists(app.db, q.user_id);
        query = query.where('a.owner_id', '=', q.user_id);
      }
    }
    const keywords = q.keywords?.trim();
    if (keywords) query = query.where((eb) => eb.or([containsText('a.title', keywords), containsText('a.description', keywords)]));
    if (q.category_id !== undefined) query = query.where('a.category_id', '=', q.category_id);
    if (q.sort === 'popular') {
      query = query
        .orderBy('a.view_count', 'desc')
        .orderBy(sql`(select count(*) from likes lk where lk.target_type = 'album' and lk.target_id = a.id)`, 'desc');
    }
    const rows = await query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
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
