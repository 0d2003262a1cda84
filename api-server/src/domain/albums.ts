import type { DB } from '../db/index.ts';
import type { StoredImage } from '../storage/images.ts';

// Writes shared by every way a photo arrives (the REST uploads, the composer, the legacy API).

/**
 * The user's album of a special kind (one a user has at most one of), made on first use with
 * `title`: private (owner only, unlisted), or else visible to everyone until the owner changes it.
 */
export async function ownSpecialAlbumId(
  db: DB,
  ownerId: number,
  kind: string,
  title: string,
  isPrivate: boolean,
  t: number,
): Promise<number> {
  const found = await db.selectFrom('albums').select('id').where('owner_id', '=', ownerId).where('kind', '=', kind).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('albums')
    .values({
      owner_id: ownerId,
      kind,
      title,
      description: '',
      category_id: null,
      allow_search: isPrivate ? 0 : 1,
      auth_view: isPrivate ? 'owner' : 'everyone',
      auth_comment: isPrivate ? 'owner' : 'everyone',
      auth_tag: 'owner_member',
      cover_photo_id: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores a new photo of `ownerId` from a stored image, in `albumId` (null: not yet placed); its id. */
export async function insertPhoto(
  db: DB,
  ownerId: number,
  albumId: number | null,
  img: StoredImage,
  t: number,
  title = '',
): Promise<number> {
  const row = await db
    .insertInto('photos')
    .values({
      owner_id: ownerId,
      album_id: albumId,
      title,
      description: '',
      image_key: img.key,
      width: img.width,
      height: img.height,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
