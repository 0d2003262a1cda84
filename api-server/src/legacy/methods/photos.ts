import { now } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { deleteImage, imageUrl, storeImage, type StoredImage } from '../../storage/images.ts';
import { LEGACY_ERRORS, LegacyError, list, single, missing } from '../envelope.ts';
import { pageOf, targetUserId, type LegacyMethod } from './context.ts';
import { transact } from '../../db/dialect.ts';
import { insertPhoto, ownSpecialAlbumId } from '../../domain/albums.ts';
import { touchAlbum } from '../../data/albums.ts';
import { listVisiblePhotosOf } from '../../data/legacy.ts';

/** Photos sent by applications go into their owner's special album of this kind. */
const APP_ALBUM_KIND = 'app';
const APP_ALBUM_TITLE = 'App Photos';
const TITLE_MAX = 100;

/** photo_name is a base file name ("beach.jpg"): the photo's title is its name without extension. */
function titleOf(photoName: string | undefined): string {
  const base = (photoName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim();
  return base.slice(0, TITLE_MAX);
}

/** advancedphoto.addPhoto and photo.addPhoto: a multipart `photo`, answered with every size. */
export const addPhoto: LegacyMethod = {
  summary: "POST, multipart: `photo` (a file), `photo_name` (its base file name). Output: the photo's URLs by size.",
  postOnly: true,
  async run(ctx) {
    const me = ctx.session.userId;
    const file = ctx.params.photo;
    if (file === undefined || file === '') throw missing('photo');
    if (!Buffer.isBuffer(file)) throw new LegacyError(LEGACY_ERRORS.BAD_FILE, 'The parameter photo must be a file part.');
    let img: StoredImage;
    try {
      // Recognised by its bytes (JPEG, PNG, GIF, WebP), never by name or declared type.
      img = await storeImage(ctx.config.dataDir, file, 'photo');
    } catch (err) {
      if (err instanceof ApiError) throw new LegacyError(LEGACY_ERRORS.BAD_FILE, 'The photo must be a JPEG, PNG, GIF or WebP image.');
      throw err;
    }
    try {
      await transact(ctx.db, async (trx) => {
        const t = now();
        // Like the other special albums (Wall Photos…): visible to everyone until the owner changes it.
        const albumId = await ownSpecialAlbumId(trx, me, APP_ALBUM_KIND, APP_ALBUM_TITLE, false, t);
        await insertPhoto(trx, me, albumId, img, t, titleOf(ctx.params.photo_name));
        await touchAlbum(trx, albumId, t);
      });
    } catch (err) {
      await deleteImage(ctx.config.dataDir, img.key);
      throw err;
    }
    const url = (size: Parameters<typeof imageUrl>[2]) => imageUrl(ctx.config.publicUrl, img.key, size);
    return single({
      original: url('original'),
      '75px': url('75'),
      '100px': url('100'),
      '150px': url('150'),
      '240px': url('240'),
      '500px': url('500'),
      '1024px': url('1024'),
    });
  },
};

/**
 * advancedphoto.getPhotos and photo.getPhotos: the user's photos that the token's user may see
 * (domain/photo-privacy.ts; for someone else's, in albums not hidden from lists by
 * allow_search=0), newest first.
 */
export const getPhotos: LegacyMethod = {
  summary: "`user_id` (optional). A user's photos: `{photo_100px, photo_240px, photo_original}`.",
  async run(ctx) {
    const owner = await targetUserId(ctx);
    const me = ctx.session.userId;
    const { page, offset, limit } = pageOf(ctx);
    const { total, rows } = await listVisiblePhotosOf(ctx.db, { ownerId: owner, readerId: me, limit, offset });
    const { publicUrl } = ctx.config;
    return list(
      rows.map((p) => ({
        photo_100px: imageUrl(publicUrl, p.image_key, '100'),
        photo_240px: imageUrl(publicUrl, p.image_key, '240'),
        photo_original: imageUrl(publicUrl, p.image_key, 'original'),
      })),
      total,
      page,
    );
  },
};
