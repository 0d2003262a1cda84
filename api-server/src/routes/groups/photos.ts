import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { transact } from '../../db/dialect.ts';
import { forbidden } from '../../errors.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import type { Infer } from '../../http/schemas.ts';
import { groupFlags } from '../../domain/groups.ts';
import { groupAlbumId } from '../../domain/albums.ts';
import { bodyHtml } from '../../domain/text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getGroupAlbumId, listAlbumPhotos, placePhotos } from '../../data/albums.ts';
import { createActivity } from '../../data/activities.ts';
import { parsePhotoIds } from '../albums/album.ts';
import { PHOTO_STUB_ALLOWED, PHOTO_STUB_FIELDS, photoStub } from '../albums/present.ts';
import { checkPendingUploads, storePendingUpload } from '../albums/upload.ts';
import { getVisibleGroup } from './access.ts';

// A group's photos (the origin's `Api/Group.php` postPhotosUpload, postPhotos, getPhotos): the
// group's one album (domain/albums.ts groupAlbumId), filled in two steps as an album is (an upload
// waiting, then put in), by those whose role reaches auth_photo. Each photo is then a photo like
// any other (GET /albums/photos/{id}, likes, comments, tags), seen by who may see the group
// (domain/photo-privacy.ts).

/** The origin's page of a group's photos. */
const PHOTOS_DEFAULT_LIMIT = 8;
/** Most photos one POST /groups/photos puts into the album (as POST /albums/upload). */
const MAX_PHOTOS_PER_ADD = 100;

/** A page of a group's photos (already seen by the reader), in the album's order, as GET /groups/photos and the group's detail (`photo_*`) present them. */
export async function groupPhotoViews(
  db: DB,
  config: Config,
  reader: number | null,
  groupId: number,
  q: { page?: number; limit?: number; fields?: string },
  fieldsParam = 'fields',
) {
  const fields = parseFields(q.fields, PHOTO_STUB_ALLOWED, fieldsParam, PHOTO_STUB_FIELDS);
  const album = await getGroupAlbumId(db, groupId);
  if (album === undefined) return [];
  const { limit, offset } = paging(q, PHOTOS_DEFAULT_LIMIT);
  const photos = await listAlbumPhotos(db, { albumId: album, readerId: reader, limit, offset });
  return photos.map((p) => pick({ ...photoStub(config, p) }, fields));
}

const groupId = { type: 'integer', minimum: 1 } as const;
const uploadBody = { type: 'object', properties: { Filedata: {}, group_id: groupId }, required: ['Filedata', 'group_id'] } as const;
const addBody = {
  type: 'object',
  properties: { group_id: groupId, ids: { type: 'string', maxLength: 2000 } },
  required: ['group_id', 'ids'],
} as const;
const listQuery = {
  type: 'object',
  properties: { group_id: groupId, fields: { type: 'string' }, ...pagingQuery },
  required: ['group_id'],
} as const;

export default async function groupPhotoRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** 404 for a group the reader may not see, 403 unless they may add photos (auth_photo). */
  async function checkMayAdd(trx: typeof db, me: number, id: number) {
    const { group, membership } = await getVisibleGroup(trx, me, id);
    if (!groupFlags(group, me, membership).can_upload_photo) throw forbidden("You may not add photos to this group's album.");
    return group;
  }

  app.post<{ Body: Infer<typeof uploadBody> }>(
    '/photos_upload',
    {
      config: { files: ['Filedata'] },
      schema: { summary: "Upload a photo for a group's album, to be put in with POST /groups/photos within a day", body: uploadBody },
    },
    async (req) => {
      const me = userOf(req);
      await checkMayAdd(db, me, req.body.group_id);
      // The origin also answered the file's name, which this server does not keep.
      return { success: true, data: { id: await storePendingUpload(app, me, req.body.Filedata) } };
    },
  );

  app.post<{ Body: Infer<typeof addBody> }>(
    '/photos',
    { schema: { summary: "Put uploaded photos into the group's album, with a post on its wall", body: addBody } },
    async (req) => {
      const me = userOf(req);
      const ids = parsePhotoIds(req.body.ids, MAX_PHOTOS_PER_ADD, 'ids');
      // Checked where it is written: a member removed meanwhile adds nothing.
      const { albumId, postId } = await transact(db, async (trx) => {
        const group = await checkMayAdd(trx, me, req.body.group_id);
        await checkPendingUploads(trx, me, ids, 'ids', 'POST /groups/photos_upload');
        const t = now();
        const album = await groupAlbumId(trx, group, t);
        if (ids.length === 0) return { albumId: album, postId: null };
        await placePhotos(trx, { albumId: album, photoIds: ids, at: t });
        // The origin's group_photo_upload activity: on the group's wall, showing the first photo.
        const post = await createActivity(trx, {
          owner_id: me,
          subject_type: 'group',
          subject_id: group.id,
          content: bodyHtml(ids.length === 1 ? 'Added a photo.' : `Added ${ids.length} photos.`),
          auth_view: 'everyone',
          attachment_type: 'photo',
          attachment_id: ids[0]!,
          is_share: 0,
          created_at: t,
        });
        return { albumId: album, postId: post };
      });
      return { success: true, data: { message: 'The photos were added.', album_id: albumId, activity_id: postId } };
    },
  );

  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/photos',
    { schema: { summary: "The photos of a group's album, in the album's order", querystring: listQuery } },
    async (req) => {
      const reader = req.auth.userId;
      await getVisibleGroup(db, reader, req.query.group_id);
      return { success: true, data: await groupPhotoViews(db, app.config, reader, req.query.group_id, req.query) };
    },
  );
}
