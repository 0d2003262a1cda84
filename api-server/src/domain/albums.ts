import type { Insertable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { AlbumsTable } from '../db/types.ts';
import type { StoredImage } from '../storage/images.ts';

// Writes shared by every way a photo arrives (the REST uploads, the composer, the legacy API, a group's photos).

/** The kind of a group's one album. */
const GROUP_ALBUM_KIND = 'group_album';

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
  const view = isPrivate ? 'owner' : 'everyone';
  return insertSpecialAlbum(
    db,
    { owner_id: ownerId, kind, title, allow_search: isPrivate ? 0 : 1, auth_view: view, auth_comment: view },
    t,
  );
}

/** Stores an album made by the site (not by its owner's form), with `values` over its defaults; its id. */
async function insertSpecialAlbum(
  db: DB,
  values: Pick<Insertable<AlbumsTable>, 'owner_id' | 'kind' | 'title' | 'allow_search' | 'auth_view' | 'auth_comment'> &
    Partial<Insertable<AlbumsTable>>,
  t: number,
): Promise<number> {
  const row = await db
    .insertInto('albums')
    .values({ description: '', category_id: null, auth_tag: 'owner_member', cover_photo_id: null, created_at: t, updated_at: t, ...values })
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

/**
 * The group's one album (kind 'group_album', migration 019), made on first use: its owner is the
 * group's, and it is for everyone in its own rule, since who sees it is the group's to say
 * (domain/photo-privacy.ts); whom it lets comment, the group's too (items.ts canComment).
 */
export async function groupAlbumId(db: DB, group: { id: number; owner_id: number; title: string }, t: number): Promise<number> {
  const found = await db.selectFrom('albums').select('id').where('group_id', '=', group.id).executeTakeFirst();
  if (found) return found.id;
  return insertSpecialAlbum(
    db,
    {
      owner_id: group.owner_id,
      kind: GROUP_ALBUM_KIND,
      group_id: group.id,
      title: group.title,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      auth_tag: 'registered',
    },
    t,
  );
}
