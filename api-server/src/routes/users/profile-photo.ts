import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { forbidden, invalidParams, notFound, type ParamError } from '../../errors.ts';
import { DEFAULT_AVATAR_KEY, ownerImgs } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, readImage, storeImage, storeProfilePicture, type SquareCrop, type StoredImage } from '../../storage/images.ts';
import { createPhotoCopy, endOfAlbum, movePhotoToAlbum, setCover, type PhotoRow } from '../../data/albums.ts';
import { getVisiblePhoto, loadPhoto } from '../albums/access.ts';
import { specialAlbumId } from '../albums/compose-upload.ts';
import { transact } from '../../db/dialect.ts';
import { replaceAvatar } from '../../data/users.ts';
import type { Infer } from '../../http/schemas.ts';

/** The smallest crop taken, in the photo's pixels: the icon's size (smaller would only be blur). */
const PROFILE_CROP_MIN = 50;

const NOT_YOURS = 'Only one of your own photos can be your profile picture.';

const bodySchema = {
  type: 'object',
  properties: {
    photo_id: { type: 'integer', minimum: 1 },
    x: { type: 'integer', minimum: 0 },
    y: { type: 'integer', minimum: 0 },
    size: { type: 'integer', minimum: PROFILE_CROP_MIN },
  },
  required: ['photo_id', 'x', 'y', 'size'],
  // The crop is a square by its one `size`: a width or a height is refused by name, not ignored.
  additionalProperties: false,
} as const;
type Body = Infer<typeof bodySchema>;

/** The original file of a stored photo (a photo row without its file is the server's fault: 500). */
async function originalOf(dataDir: string, key: string): Promise<Buffer> {
  const bytes = await readImage(dataDir, key, 'original');
  if (!bytes) throw new Error(`the original of ${key} is missing`);
  return bytes;
}

/** The crop's faults against the photo's own size (400 naming each). */
function cropErrors(photo: Pick<PhotoRow, 'width' | 'height'>, c: SquareCrop): ParamError[] {
  const { width: w, height: h } = photo;
  const fault = (name: string, message: string): ParamError => ({ name, message, error_text: 'invalid_parameter' });
  if (c.size > Math.min(w, h))
    return [fault('size', `is larger than the photo allows: at most ${Math.min(w, h)} (the photo is ${w}×${h} px)`)];
  const errors: ParamError[] = [];
  if (c.x + c.size > w) errors.push(fault('x', `puts the crop past the photo's right edge: x + size must be at most ${w}`));
  if (c.y + c.size > h) errors.push(fault('y', `puts the crop past the photo's bottom edge: y + size must be at most ${h}`));
  return errors;
}

export default async function profilePhotoRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  // Extension (docs/api.md, "Extensions": Profile picture): one's own photo, cropped to a square,
  // becomes one's profile picture at once (every owner summary is read from users.avatar_key), and
  // the photo is in one's "Profile Pictures" album: kept there when it is there, moved there when
  // it is an upload not yet in an album, copied there (the photo keeps its own album) otherwise.
  app.post<{ Body: Body }>(
    '/me/photo',
    { schema: { summary: "Make a square crop of a photo one's profile picture", body: bodySchema } },
    async (req) => {
      const me = userOf(req);
      const { photo_id: photoId, x, y, size } = req.body;
      // A photo one may not see is 404, as everywhere; one seen but of another member is 403.
      const { photo, album } = await getVisiblePhoto(db, viewerOf(db, me), photoId);
      if (photo.owner_id !== me) throw forbidden(NOT_YOURS);
      const errors = cropErrors(photo, { x, y, size });
      if (errors.length) throw invalidParams(errors);

      const made: StoredImage[] = [];
      try {
        const picture = await storeProfilePicture(config.dataDir, photo.image_key, { x, y, size });
        made.push(picture);
        // A photo of another album is copied with files of its own: deleting either keeps the other.
        const needsCopy = album !== null && album.kind !== 'profile';
        const copy = needsCopy ? await storeImage(config.dataDir, await originalOf(config.dataDir, photo.image_key)) : undefined;
        if (copy) made.push(copy);

        const saved = await transact(db, async (trx) => {
          const current = await loadPhoto(trx, photoId);
          if (!current || current.photo.owner_id !== me) throw notFound('The photo was not found or you may not see it.');
          const t = now();
          const albumId = await specialAlbumId(trx, me, 'profile', t);
          let profilePhotoId = current.photo.id;
          if (copy) {
            profilePhotoId = await createPhotoCopy(trx, {
              ownerId: me,
              albumId,
              title: current.photo.title,
              description: current.photo.description,
              image: copy,
              position: await endOfAlbum(trx, albumId),
              at: t,
            });
          } else if (current.photo.album_id !== albumId) {
            await movePhotoToAlbum(trx, { photoId: current.photo.id, albumId, position: await endOfAlbum(trx, albumId), at: t });
          }
          // The album shows the picture in use.
          await setCover(trx, albumId, profilePhotoId, t);
          const previous = await replaceAvatar(trx, me, picture.key);
          return { photoId: profilePhotoId, albumId, previous };
        });
        // The picture it replaces has files of its own (never a photo's): they go.
        if (saved.previous && saved.previous !== DEFAULT_AVATAR_KEY) await deleteImage(config.dataDir, saved.previous);
        return {
          success: true,
          data: {
            message: 'Your profile picture was changed.',
            photo_id: saved.photoId,
            album_id: saved.albumId,
            imgs: ownerImgs(config, picture.key),
          },
        };
      } catch (err) {
        for (const image of made) await deleteImage(config.dataDir, image.key);
        throw err;
      }
    },
  );
}
