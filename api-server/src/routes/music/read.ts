import type { FastifyInstance } from 'fastify';
import { listPlaylists } from '../../data/music.ts';
import { countView } from '../../domain/views.ts';
import { checkUserExists } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { countsView, countViewParam } from '../../http/read-routes.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getVisiblePlaylist, isOwner, PLAYLIST_ALLOWED, PLAYLIST_DEFAULTS, presentPlaylists, type PlaylistField } from './present.ts';

const listProperties = {
  keywords: { type: 'string', maxLength: 255 },
  sort: { type: 'string', enum: ['recent', 'popular'] },
  ...pagingQuery,
  fields: { type: 'string', maxLength: 400 },
} as const;
const listQuery = { type: 'object', properties: { ...listProperties, user_id: { type: 'integer', minimum: 1 } } } as const;
const myQuery = { type: 'object', properties: listProperties } as const;
const detailQuery = { type: 'object', properties: { fields: { type: 'string', maxLength: 400 }, ...countViewParam } } as const;

const fieldsOf = (param: string | undefined) => parseFields(param, PLAYLIST_ALLOWED, 'fields', PLAYLIST_DEFAULTS) as PlaylistField[];

export default async function musicReadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/',
    { schema: { summary: "The playlists the reader may see (one member's with user_id)", querystring: listQuery } },
    async (req) => {
      const q = req.query;
      const fields = fieldsOf(q.fields);
      const viewer = viewerOf(app.db, req.auth.userId);
      if (q.user_id !== undefined) await checkUserExists(app.db, q.user_id);
      const { limit, offset } = paging(q);
      const rows = await listPlaylists(app.db, {
        me: viewer.userId,
        mine: false,
        userId: q.user_id,
        keywords: q.keywords?.trim(),
        sort: q.sort,
        limit,
        offset,
      });
      return { success: true, data: await presentPlaylists(app.db, app.config, viewer, rows, fields) };
    },
  );

  app.get<{ Querystring: Infer<typeof myQuery> }>(
    '/my',
    { schema: { summary: "The reader's own playlists", querystring: myQuery } },
    async (req) => {
      const q = req.query;
      const me = userOf(req);
      const fields = fieldsOf(q.fields);
      const { limit, offset } = paging(q);
      // The origin read `keywords` as the sort here; both are what their names say.
      const rows = await listPlaylists(app.db, { me, mine: true, keywords: q.keywords?.trim(), sort: q.sort, limit, offset });
      return { success: true, data: await presentPlaylists(app.db, app.config, viewerOf(app.db, me), rows, fields) };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    { schema: { summary: 'One playlist with its songs in order (counts a view)', params: idParams, querystring: detailQuery } },
    async (req) => {
      const fields = fieldsOf(req.query.fields);
      const viewer = viewerOf(app.db, req.auth.userId);
      const row = await getVisiblePlaylist(app.db, viewer, req.params.id);
      if (!isOwner(viewer, row) && countsView(req.query)) {
        await countView(app.db, 'music_playlists', row.id);
        row.view_count += 1;
      }
      const [playlist] = await presentPlaylists(app.db, app.config, viewer, [row], fields);
      return { success: true, data: playlist };
    },
  );
}
