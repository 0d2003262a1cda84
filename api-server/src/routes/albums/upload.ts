import type { FastifyInstance } from 'fastify';
import { now, type DB } from '../../db/index.ts';
import { forbidden, invalidParam, invalidParams, missingParam } from '../../errors.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { albumRights, getVisibleAlbum } from './access.ts';
import { albumColumns, albumSettingProperties, parsePhotoIds, type AlbumSettings } from './album.ts';
import { transact } from '../../db/dialect.ts';
import { insertAlbum, listPendingUploads, placePhotos } from '../../data/albums.ts';
import { insertPhoto } from '../../domain/albums.ts';
import type { Infer, InferProperties } from '../../http/schemas.ts';

/** Most photos one POST /albums/upload puts into an album. */
const MAX_PHOTOS_PER_UPLOAD = 100;

const photoUpload = { type: 'object', properties: { Filedata: {} }, required: ['Filedata'] } as const;

/** A new album's settings, as album[title], album[category_id], … */
const albumFieldProperties = Object.fromEntries(Object.entries(albumSettingProperties).map(([k, v]) => [`album[${k}]`, v]));
const uploadProperties = { photo_ids: { type: 'string', maxLength: 2000 }, album_id: { type: 'integer', minimum: 1 } } as const;

/** The settings' types come from their schemas (album.ts), under their album[…] names. */
type UploadBody = InferProperties<typeof uploadProperties> & {
  [K in keyof AlbumSettings as `album[${K}]`]?: AlbumSettings[K];
};

/**
 * Stores a file as `me`'s pending upload (in no album, seen by nobody else) until a second step
 * puts it into an album (POST /albums/upload, POST /groups/photos); one left there a day goes in
 * the server's sweep (pending-uploads.ts). Its photo id.
 */
export async function storePendingUpload(app: FastifyInstance, me: number, file: unknown): Promise<number> {
  if (!Buffer.isBuffer(file)) throw invalidParam('Filedata', 'must be a file part');
  const img = await storeImage(app.config.dataDir, file, 'Filedata');
  try {
    return await insertPhoto(app.db, me, null, img, now());
  } catch (err) {
    await deleteImage(app.config.dataDir, img.key);
    throw err;
  }
}

/** 400 naming `param` unless every one of `ids` is `me`'s upload waiting for an album (made with `uploadPath`). */
export async function checkPendingUploads(db: DB, me: number, ids: readonly number[], param: string, uploadPath: string): Promise<void> {
  if (!ids.length) return;
  const pending = await listPendingUploads(db, { ids: [...ids], ownerId: me });
  if (pending.length === ids.length) return;
  const ok = new Set(pending.map((p) => p.id));
  const bad = ids.filter((id) => !ok.has(id));
  throw invalidParam(param, `${bad.join(', ')}: not your uploads waiting for an album (upload them with ${uploadPath} first)`);
}

export default async function uploadRoutes(app: FastifyInstance): Promise<void> {
  // Step one of adding photos: the file is stored as the caller's pending upload.
  app.post<{ Body: Infer<typeof photoUpload> }>(
    '/photo_upload',
    {
      config: { files: ['Filedata'] },
      schema: {
        summary: 'Upload a photo, to be put into an album within a day',
        body: photoUpload,
      },
    },
    async (req) => {
      const photoId = await storePendingUpload(app, userOf(req), req.body.Filedata);
      return { success: true, data: { photo_id: photoId } };
    },
  );

  // Step two: the pending uploads go into an existing album (album_id) or into a new one made
  // from album[...]. One of the two is required; a new album may start empty.
  app.post<{ Body: UploadBody }>(
    '/upload',
    {
      schema: {
        summary: 'Put uploaded photos into an album, an existing or a new one',
        body: {
          type: 'object',
          properties: { ...uploadProperties, ...albumFieldProperties },
        },
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const b = req.body ?? {};
      if (b.album_id === undefined && b['album[title]'] === undefined) {
        throw invalidParams([
          { name: 'album_id', message: 'is required unless album[title] makes a new album', error_text: 'missing_parameter' },
          { name: 'album[title]', message: 'is required unless album_id names an existing album', error_text: 'missing_parameter' },
        ]);
      }
      if (b.album_id !== undefined && b['album[title]'] !== undefined) {
        throw invalidParam('album_id', 'send either album_id (an existing album) or album[title] (a new album), not both');
      }
      const photoIds = parsePhotoIds(b.photo_ids ?? '', MAX_PHOTOS_PER_UPLOAD);
      let target: number | undefined;
      if (b.album_id !== undefined) {
        if (!photoIds.length) throw missingParam('photo_ids', 'is required when adding to an existing album');
        const album = await getVisibleAlbum(app.db, viewer, b.album_id);
        if (!albumRights(viewer, album).can_upload) throw forbidden('You may not add photos to this album.');
        target = album.id;
      }
      const settings =
        target === undefined
          ? await albumColumns(
              app,
              {
                title: b['album[title]'],
                category_id: b['album[category_id]'],
                description: b['album[description]'],
                allow_search: b['album[allow_search]'],
                auth_view: b['album[auth_view]'],
                auth_comment: b['album[auth_comment]'],
                auth_tag: b['album[auth_tag]'],
              },
              'album',
            )
          : undefined;

      const albumId = await transact(app.db, async (trx) => {
        await checkPendingUploads(trx, me, photoIds, 'photo_ids', 'photo_upload');
        const t = now();
        let id = target;
        if (id === undefined) {
          id = await insertAlbum(trx, { ownerId: me, title: settings!.title as string, settings: settings!, at: t });
        }
        if (photoIds.length) {
          await placePhotos(trx, { albumId: id, photoIds, at: t });
        }
        return id;
      });
      return { success: true, data: { album_id: albumId } };
    },
  );
}
