import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import {
  countPhotos,
  deleteListingPhoto,
  getListingPhoto,
  insertListingPhoto,
  updateListingPhotoDescription,
} from '../../data/classifieds.ts';
import { forbidden, invalidParam, missingParam, notFound } from '../../errors.ts';
import { type Viewer, viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { getVisibleListing, isListingOwner, listingFlags } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';

/** The photo and its listing when the reader may see the listing; 404 otherwise. */
async function getVisiblePhoto(db: DB, viewer: Viewer, id: number) {
  const photo = await getListingPhoto(db, id);
  if (!photo) throw notFound('The photo was not found or you may not see it.');
  return { photo, listing: await getVisibleListing(db, viewer, photo.classified_id) };
}

/** /classifieds/photos: the photos of a listing, managed by its owner. */
const newPhoto = {
  type: 'object',
  properties: { Filedata: {}, classified_id: { type: 'integer', minimum: 1 } },
  required: ['Filedata', 'classified_id'],
} as const;

const photoEdit = { type: 'object', properties: { description: { type: 'string', maxLength: 1000 } } } as const;

export default async function listingPhotoRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Infer<typeof newPhoto> }>(
    '/photos',
    {
      config: { files: ['Filedata'] },
      schema: {
        summary: 'Add a photo to a listing',
        body: newPhoto,
      },
    },
    async (req) => {
      const me = userOf(req);
      const file = req.body.Filedata;
      if (!Buffer.isBuffer(file)) throw invalidParam('Filedata', 'must be a file part');
      if (!file.length) throw missingParam('Filedata', 'is empty');
      const viewer = viewerOf(app.db, me);
      const listing = await getVisibleListing(app.db, viewer, req.body.classified_id);
      const count = (await countPhotos(app.db, [listing.id])).get(listing.id) ?? 0;
      if (!listingFlags(viewer, listing, count).can_add_photos) {
        throw forbidden(
          isListingOwner(viewer, listing)
            ? 'This listing has as many photos as it may have.'
            : 'Only its owner may add photos to this listing.',
        );
      }
      const img = await storeImage(app.config.dataDir, file, 'Filedata');
      try {
        const id = await insertListingPhoto(app.db, listing.id, img);
        return { success: true, data: { id } };
      } catch (err) {
        await deleteImage(app.config.dataDir, img.key);
        throw err;
      }
    },
  );

  app.post<{ Params: IdParams; Body: Infer<typeof photoEdit> }>(
    '/photos/:id',
    {
      schema: {
        summary: "Change the description of a listing's photo",
        params: idParams,
        body: photoEdit,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const { photo, listing } = await getVisiblePhoto(app.db, viewer, req.params.id);
      if (!listingFlags(viewer, listing, 0).can_edit) throw forbidden('Only the owner of the listing may edit its photos.');
      const description = req.body?.description;
      if (description !== undefined) {
        await updateListingPhotoDescription(app.db, photo.id, description.trim());
      }
      return { success: true, data: { message: 'The photo was updated.' } };
    },
  );

  app.delete<{ Params: IdParams }>('/photos/:id', { schema: { summary: "Delete a listing's photo", params: idParams } }, async (req) => {
    const me = userOf(req);
    const viewer = viewerOf(app.db, me);
    const { photo, listing } = await getVisiblePhoto(app.db, viewer, req.params.id);
    if (!listingFlags(viewer, listing, 0).can_edit) throw forbidden('Only the owner of the listing may delete its photos.');
    await deleteListingPhoto(app.db, { photoId: photo.id, listingId: listing.id });
    await deleteImage(app.config.dataDir, photo.image_key);
    return { success: true };
  });
}
