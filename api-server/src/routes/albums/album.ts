import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { AlbumsTable } from '../../db/types.ts';
import { forbidden, invalidParam } from '../../errors.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { checkWholeOrder, parseIdList } from '../../http/id-list.ts';
import { paging, pagingNumber } from '../../http/paging.ts';
import { checkCategory, privacyParam } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage } from '../../storage/images.ts';
import { albumRights, getVisibleAlbum } from './access.ts';
import {
  ALBUM_DETAIL_ALLOWED,
  ALBUM_DETAIL_FIELDS,
  PHOTO_STUB_ALLOWED,
  PHOTO_STUB_FIELDS,
  photoStub,
  presentAlbums,
  type AlbumField,
} from './present.ts';
import { idParams, type IdParams, type Infer, type InferProperties } from '../../http/schemas.ts';
import { countsView, countViewParam } from '../../http/read-routes.ts';
import { countView } from '../../domain/views.ts';
import { transact } from '../../db/dialect.ts';
import {
  deleteAlbumWithPhotos,
  getAlbumPhoto,
  getAlbumWithStats,
  listAlbumPhotoIds,
  listAlbumPhotos,
  setCover,
  setPhotoOrder,
  updateAlbum,
} from '../../data/albums.ts';
import { extension } from '../../openapi/marks.ts';

/** The photo ids of a form (http/id-list.ts), 400 naming `param`. */
export function parsePhotoIds(csv: string, max: number, param = 'photo_ids'): number[] {
  return parseIdList(csv, max, param, 'photo');
}

/** Most photos POST /albums/{id}/order puts in order (every photo of the album, at once). */
const MAX_PHOTOS_PER_ORDER = 2000;

const orderBody = {
  type: 'object',
  properties: { photo_ids: { type: 'string', maxLength: MAX_PHOTOS_PER_ORDER * 17 } },
  required: ['photo_ids'],
} as const;

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;

/** Album settings as POST /albums/{id} and the album[...] fields of POST /albums/upload take them. */
export const albumSettingProperties = {
  title: { type: 'string', maxLength: TITLE_MAX },
  // 0 takes the album out of its category.
  category_id: { type: 'integer', minimum: 0 },
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  allow_search: { type: 'integer', enum: [0, 1] },
  auth_view: privacyParam,
  auth_comment: privacyParam,
  auth_tag: privacyParam,
} as const;

/** An album's settings, as a form sends them (all optional: an edit changes what it sends). */
export type AlbumSettings = InferProperties<typeof albumSettingProperties>;
const albumSettings = { type: 'object', properties: albumSettingProperties } as const;

const detailQuery = {
  type: 'object',
  properties: {
    fields: { type: 'string' },
    photo_limit: pagingNumber,
    photo_page: pagingNumber,
    photo_fields: { type: 'string' },
    ...countViewParam,
  },
} as const;
const coverBody = { type: 'object', properties: { photo_id: { type: 'integer', minimum: 1 } }, required: ['photo_id'] } as const;

/**
 * The columns that settings sent by a client change (400 naming the parameter for an empty
 * title or a category of another module). `prefix` names the parameters in errors: 'album'
 * gives album[title].
 */
export async function albumColumns(app: FastifyInstance, s: AlbumSettings, prefix?: string): Promise<Updateable<AlbumsTable>> {
  const name = (p: string) => (prefix ? `${prefix}[${p}]` : p);
  const out: Updateable<AlbumsTable> = {};
  if (s.title !== undefined) {
    const title = s.title.trim();
    if (!title) throw invalidParam(name('title'), 'must not be empty');
    out.title = title;
  }
  if (s.category_id !== undefined) {
    await checkCategory(app.db, 'album', s.category_id || null, name('category_id'));
    out.category_id = s.category_id || null;
  }
  if (s.description !== undefined) out.description = s.description.trim();
  if (s.allow_search !== undefined) out.allow_search = s.allow_search;
  if (s.auth_view !== undefined) out.auth_view = s.auth_view;
  if (s.auth_comment !== undefined) out.auth_comment = s.auth_comment;
  if (s.auth_tag !== undefined) out.auth_tag = s.auth_tag;
  return out;
}

export default async function albumRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    {
      schema: {
        summary: 'One album, with a page of its photos',
        params: idParams,
        querystring: detailQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const fields = parseFields(q.fields, ALBUM_DETAIL_ALLOWED, 'fields', ALBUM_DETAIL_FIELDS) as AlbumField[];
      const photoFields = parseFields(q.photo_fields, PHOTO_STUB_ALLOWED, 'photo_fields', PHOTO_STUB_FIELDS);
      const viewer = viewerOf(app.db, req.auth.userId);
      const album = await getVisibleAlbum(app.db, viewer, req.params.id);
      // Views by other people count (for sort=popular); the owner looking at it does not.
      if (viewer.userId !== album.owner_id && countsView(q)) {
        await countView(app.db, 'albums', album.id);
      }
      const row = await getAlbumWithStats(app.db, viewer.userId, album.id);
      const [data] = await presentAlbums(app.db, app.config, viewer, [row], fields);
      if (fields.includes('photos')) {
        // The album's order (position, then id), the order of photo_index in photo detail.
        const { limit, offset } = paging({ page: q.photo_page, limit: q.photo_limit });
        const photos = await listAlbumPhotos(app.db, { albumId: album.id, readerId: viewer.userId, limit, offset });
        data!.photos = photos.map((p) => pick({ ...photoStub(app.config, p) }, photoFields));
      }
      return { success: true, data };
    },
  );

  app.post<{ Params: IdParams; Body: AlbumSettings }>(
    '/:id',
    {
      schema: { summary: 'Edit an album', params: idParams, body: albumSettings },
    },
    async (req) => {
      const viewer = viewerOf(app.db, userOf(req));
      const album = await getVisibleAlbum(app.db, viewer, req.params.id);
      if (!albumRights(viewer, album).can_edit) {
        throw forbidden(album.kind === 'normal' ? 'Only its owner may edit this album.' : 'Special albums cannot be edited.');
      }
      const columns = await albumColumns(app, req.body ?? {});
      if (Object.keys(columns).length) {
        await updateAlbum(app.db, album.id, columns);
      }
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete an album and its photos', params: idParams } }, async (req) => {
    const viewer = viewerOf(app.db, userOf(req));
    const album = await getVisibleAlbum(app.db, viewer, req.params.id);
    if (!albumRights(viewer, album).can_delete) {
      throw forbidden(album.kind === 'normal' ? 'Only its owner may delete this album.' : 'Special albums cannot be deleted.');
    }
    const keys = await deleteAlbumWithPhotos(app.db, album.id);
    // Files go once the rows are gone for good: a failed transaction keeps both.
    for (const key of keys) await deleteImage(app.config.dataDir, key);
    return { success: true, data: { message: 'The album and its photos were deleted.' } };
  });

  app.post<{ Params: IdParams; Body: Infer<typeof coverBody> }>(
    '/:id/cover',
    {
      schema: {
        summary: "Make one of its photos the album's cover",
        params: idParams,
        body: coverBody,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, userOf(req));
      const album = await getVisibleAlbum(app.db, viewer, req.params.id);
      if (!albumRights(viewer, album).can_editphotos) throw forbidden('Only its owner may choose the cover of this album.');
      const photo = await getAlbumPhoto(app.db, album.id, req.body.photo_id);
      if (!photo) throw invalidParam('photo_id', 'must be a photo of this album');
      await setCover(app.db, album.id, photo.id);
      return { success: true };
    },
  );

  // Extension (docs/api.md, "Extensions": Album order): the owner puts the album's photos in a new
  // order. photo_ids names every photo of the album exactly once, in the order wanted.
  app.post<{ Params: IdParams; Body: Infer<typeof orderBody> }>(
    '/:id/order',
    {
      schema: {
        summary: "Put an album's photos in an order",
        ...extension('The documents keep no order of photos; the owner of an album sets it (docs/api.md, "Album order").'),
        params: idParams,
        body: orderBody,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, userOf(req));
      const album = await getVisibleAlbum(app.db, viewer, req.params.id);
      if (!albumRights(viewer, album).can_editphotos) throw forbidden('Only its owner may reorder this album.');
      const order = parsePhotoIds(req.body.photo_ids, MAX_PHOTOS_PER_ORDER);
      await transact(app.db, async (trx) => {
        checkWholeOrder(order, await listAlbumPhotoIds(trx, album.id), 'photo_ids', 'photo', 'album');
        await setPhotoOrder(trx, album.id, order);
      });
      return { success: true, data: { message: 'The album was put in the new order.' } };
    },
  );
}
