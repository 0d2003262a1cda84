import type { FastifyInstance } from 'fastify';
import { forbidden, invalidParam, notFound } from '../../errors.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { formatDate } from '../../domain/format.ts';
import { sentInConversation } from '../../domain/messages.ts';
import { presentItemSocial, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { getOwnerSummaries, missingOwner } from '../../domain/owners.ts';
import { canReport } from '../../domain/reports.ts';
import { viewerOf, type Viewer } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, imageUrl } from '../../storage/images.ts';
import { albumRights, canEditPhoto, canSharePhoto, canTagPhoto, getVisiblePhoto, loadPhoto, type PhotoInAlbum } from './access.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from './album.ts';
import { PICTURE_SIZE_FIELDS, thumbUrl } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import {
  countSeenPhotos,
  countSeenPhotosBefore,
  deletePhoto,
  getAlbumOwnerKind,
  getSeenNeighbour,
  updatePhoto,
} from '../../data/albums.ts';

const PHOTO_FIELDS = [
  'id',
  'type',
  'thumb',
  'img',
  'title',
  'description',
  'date',
  'album',
  'photo_index',
  'next_photo',
  'previous_photo',
  'can_tag',
  'can_edit',
  'can_delete',
  'can_share',
  'can_report',
  'can_make_profile_photo',
] as const;
/**
 * Beyond the spec, only when asked for by name (docs/api.md, "Extensions"): the original's pixels
 * (`width`, `height`, the size `img` has) and the social fields an activity has.
 */
const PHOTO_ALLOWED = [...PHOTO_FIELDS, ...PICTURE_SIZE_FIELDS, ...SOCIAL_FIELDS] as const;

/**
 * The spec's Photo. In the album, photos run in the album's order (position, then id: the order
 * they were added in, or the owner's order, see migration 008): photo_index counts from 0 in that order, next_photo is the following one and previous_photo the one before;
 * both are absent at the ends of the album (no wrapping), and for an upload not yet in an
 * album, which has no `album` either.
 */
async function presentPhoto(app: FastifyInstance, viewer: Viewer, p: PhotoInAlbum, fields: readonly string[]) {
  const { photo, album } = p;
  const out: Record<string, unknown> = {
    id: photo.id,
    type: 'album_photo',
    thumb: thumbUrl(app.config, photo.image_key),
    // The original (re-encoded, metadata stripped): tag areas are in its pixels, so they map
    // onto `img` one to one.
    img: imageUrl(app.config.publicUrl, photo.image_key, 'original'),
    width: photo.width,
    height: photo.height,
    title: photo.title,
    description: photo.description,
    date: formatDate(photo.updated_at),
    photo_index: 0,
    can_tag: await canTagPhoto(viewer, p),
    can_edit: canEditPhoto(viewer, p),
    can_delete: canEditPhoto(viewer, p),
    can_share: canSharePhoto(viewer, p),
    can_report: canReport(viewer, photo.owner_id),
    can_make_profile_photo: viewer.userId === photo.owner_id,
    // can_share stays the photo's own rule (its album's privacy), above.
    ...(
      await presentItemSocial(
        app.db,
        app.config,
        viewer,
        'photo',
        [photo.id],
        fields.filter((f) => f !== 'can_share'),
      )
    ).get(photo.id),
  };
  if (album) {
    const want = new Set(fields);
    // The album's photos the reader may see (domain/photo-privacy.ts): its count, this photo's
    // place and its neighbours pass over the others, so they never show that one is there.
    if (want.has('album')) {
      const owner =
        (await getOwnerSummaries(app.db, app.config, [album.owner_id])).get(album.owner_id) ?? missingOwner(app.config, album.owner_id);
      const summary: Record<string, unknown> = { id: album.id, type: 'album', title: album.title, description: album.description, owner };
      // Spec: total_photo only when the photo is not a message photo.
      if (album.kind !== 'message') {
        summary.total_photo = await countSeenPhotos(app.db, album.id, viewer.userId);
      }
      out.album = summary;
    }
    if (want.has('photo_index')) {
      out.photo_index = await countSeenPhotosBefore(app.db, album.id, viewer.userId, photo);
    }
    // The photo next to this one in the album's order, on either side: its id and thumbnail.
    const neighbour = async (side: 'next' | 'previous') => {
      const row = await getSeenNeighbour(app.db, album.id, viewer.userId, photo, side);
      return row && { id: row.id, thumb: thumbUrl(app.config, row.image_key) };
    };
    if (want.has('next_photo')) {
      const next = await neighbour('next');
      if (next) out.next_photo = next;
    }
    if (want.has('previous_photo')) {
      const prev = await neighbour('previous');
      if (prev) out.previous_photo = prev;
    }
  }
  return pick(out, fields);
}

const photoQuery = {
  type: 'object',
  properties: { fields: { type: 'string' }, conversation_id: { type: 'integer', minimum: 1 } },
} as const;
const photoEdit = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: TITLE_MAX },
    description: { type: 'string', maxLength: DESCRIPTION_MAX },
    album_id: { type: 'integer', minimum: 1 },
  },
} as const;

export default async function photoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams; Querystring: Infer<typeof photoQuery> }>(
    '/photos/:id',
    {
      schema: {
        summary: 'One photo',
        params: idParams,
        querystring: photoQuery,
      },
    },
    async (req) => {
      const fields = parseFields(req.query.fields, PHOTO_ALLOWED, 'fields', PHOTO_FIELDS);
      const viewer = viewerOf(app.db, req.auth.userId);
      const conversationId = req.query.conversation_id;
      // A photo sent in a message (docs/api.md, "Messages") is its owner's alone by its album's rule,
      // and seen besides by the members of a conversation it was sent in, through that conversation.
      const p =
        conversationId !== undefined &&
        viewer.userId !== null &&
        (await sentInConversation(app.db, { userId: viewer.userId, conversationId, type: 'photo', id: req.params.id }))
          ? await loadPhoto(app.db, req.params.id)
          : await getVisiblePhoto(app.db, viewer, req.params.id);
      if (!p) throw notFound();
      return { success: true, data: await presentPhoto(app, viewer, p, fields) };
    },
  );

  app.post<{ Params: IdParams; Body: Infer<typeof photoEdit> }>(
    '/photos/:id',
    {
      schema: {
        summary: "Edit a photo's title and description, or move it to another album",
        params: idParams,
        body: photoEdit,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, userOf(req));
      const p = await getVisiblePhoto(app.db, viewer, req.params.id);
      if (!canEditPhoto(viewer, p)) throw forbidden('Only its owner may edit this photo.');
      const b = req.body ?? {};
      // A photo moves only into an album the caller may upload to (their own normal albums);
      // any other album_id, absent or not, is a bad parameter.
      let target: number | undefined;
      if (b.album_id !== undefined && b.album_id !== p.photo.album_id) {
        const album = await getAlbumOwnerKind(app.db, b.album_id);
        if (!album || !albumRights(viewer, album).can_upload) throw invalidParam('album_id', 'must be one of your own albums');
        target = album.id;
      }
      const changes = {
        ...(b.title !== undefined ? { title: b.title.trim() } : {}),
        ...(b.description !== undefined ? { description: b.description.trim() } : {}),
        ...(target !== undefined ? { album_id: target } : {}),
      };
      if (Object.keys(changes).length) {
        await updatePhoto(app.db, { photo: p.photo, changes, target });
      }
      return { success: true, data: { message: target !== undefined ? 'The photo was saved and moved.' : 'The photo was saved.' } };
    },
  );

  app.delete<{ Params: IdParams }>('/photos/:id', { schema: { summary: 'Delete a photo', params: idParams } }, async (req) => {
    const viewer = viewerOf(app.db, userOf(req));
    const p = await getVisiblePhoto(app.db, viewer, req.params.id);
    if (!canEditPhoto(viewer, p)) throw forbidden('Only its owner may delete this photo.');
    await deletePhoto(app.db, p.photo);
    await deleteImage(app.config.dataDir, p.photo.image_key);
    return { success: true };
  });
}
