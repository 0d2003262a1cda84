import { sql, type ExpressionBuilder, type RawBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { AlbumsTable, Database, PhotosTable } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { postedPhotoVisibleTo, seenPhotoCount } from '../domain/photo-privacy.ts';
import { listedFor, visibleTo } from '../domain/visibility.ts';

// Albums and their photos as the routes read and write them (tables `albums`, `photos`, and the
// pending uploads: photos in no album yet). The writes every way a photo arrives shares stay in
// domain/albums.ts, who may see a photo in domain/photo-privacy.ts.

export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type AlbumStatsRow = AlbumRow & { thumb_key: string | null; total_photo: number };

/**
 * The albums other people's lists show the reader (alias `a`): what they may see and what
 * allow_search lets them list, never a group's album (GET /groups/photos lists its photos). The
 * list and a member's counts (GET /users/{id}) share it.
 */
export function albumsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visibleTo('a', readerId)} and ${listedFor('a', readerId)} and a.group_id is null)`;
}

export function getAlbum(db: DB, id: number): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getPhoto(db: DB, id: number): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * `albums as a` with what every presentation needs, in the same query: the picture of its
 * thumb (the cover, or the newest photo when it has no cover) and its number of photos, of the
 * photos the reader may see (domain/photo-privacy.ts; the caller reads only albums the reader sees).
 */
function selectAlbumsWithStats(db: DB, readerId: number | null) {
  const seen = (alias: string) => postedPhotoVisibleTo(alias, 'a', readerId);
  return db
    .selectFrom('albums as a')
    .selectAll('a')
    .select([
      sql<string | null>`coalesce(
        (select c.image_key from photos c where c.id = a.cover_photo_id and c.album_id = a.id and ${seen('c')}),
        (select l.image_key from photos l where l.album_id = a.id and ${seen('l')} order by l.id desc limit 1))`.as('thumb_key'),
      seenPhotoCount('a', readerId).as('total_photo'),
    ]);
}

/** An album (one the reader sees) with its thumb and number of photos as the reader sees them. */
export function getAlbumWithStats(db: DB, readerId: number | null, id: number): Promise<AlbumStatsRow> {
  return selectAlbumsWithStats(db, readerId).where('a.id', '=', id).executeTakeFirstOrThrow();
}

export interface AlbumListFilter {
  readerId: number | null;
  /** The reader's own albums, all of them, rather than what others' lists show them. */
  mine: boolean;
  userId?: number;
  keywords?: string;
  categoryId?: number;
  sort?: 'recent' | 'popular';
  limit: number;
  offset: number;
}

/** A page of albums: newest first; popular: most viewed first, then most liked, then newest. */
export function listAlbums(
  db: DB,
  { readerId, mine, userId, keywords, categoryId, sort, limit, offset }: AlbumListFilter,
): Promise<AlbumStatsRow[]> {
  let query = selectAlbumsWithStats(db, readerId);
  if (mine) {
    // A group's album is the group's, not among its owner's albums.
    query = query.where('a.owner_id', '=', readerId!).where('a.group_id', 'is', null);
  } else {
    query = query.where(albumsListedTo(readerId));
    if (userId !== undefined) query = query.where('a.owner_id', '=', userId);
  }
  if (keywords) query = query.where((eb) => eb.or([containsText('a.title', keywords), containsText('a.description', keywords)]));
  if (categoryId !== undefined) query = query.where('a.category_id', '=', categoryId);
  if (sort === 'popular') {
    query = query
      .orderBy('a.view_count', 'desc')
      .orderBy(sql`(select count(*) from likes lk where lk.target_type = 'album' and lk.target_id = a.id)`, 'desc');
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

/** A page of the album's photos the reader may see, in the album's order (position, then id). */
export function listAlbumPhotos(
  db: DB,
  { albumId, readerId, limit, offset }: { albumId: number; readerId: number | null; limit: number; offset: number },
) {
  return (
    db
      .selectFrom('photos as p')
      .innerJoin('albums as a', 'a.id', 'p.album_id')
      .select(['p.id', 'p.image_key', 'p.width', 'p.height', 'p.title', 'p.description'])
      .where('p.album_id', '=', albumId)
      // Those of its photos the reader may see (domain/photo-privacy.ts).
      .where(postedPhotoVisibleTo('p', 'a', readerId))
      .orderBy('p.position')
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}

/** The album's photos the reader may see (domain/photo-privacy.ts). */
function seenInAlbum(db: DB, albumId: number, readerId: number | null) {
  return db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .where('photos.album_id', '=', albumId)
    .where(postedPhotoVisibleTo('photos', 'albums', readerId));
}

type InAlbum = ExpressionBuilder<Database, 'photos' | 'albums'>;
type Place = Pick<PhotoRow, 'id' | 'position'>;
// Before a photo in the album's order: a lower position, or the same one and a lower id.
const before = (photo: Place) => (eb: InAlbum) =>
  eb.or([eb('photos.position', '<', photo.position), eb.and([eb('photos.position', '=', photo.position), eb('photos.id', '<', photo.id)])]);
const after = (photo: Place) => (eb: InAlbum) =>
  eb.or([eb('photos.position', '>', photo.position), eb.and([eb('photos.position', '=', photo.position), eb('photos.id', '>', photo.id)])]);

/** How many of the album's photos the reader may see. */
export async function countSeenPhotos(db: DB, albumId: number, readerId: number | null): Promise<number> {
  const n = await db.selectFrom('albums as a').select(seenPhotoCount('a', readerId).as('n')).where('a.id', '=', albumId).executeTakeFirst();
  return Number(n?.n ?? 0);
}

/** How many of the album's photos the reader may see come before `photo` in its order. */
export async function countSeenPhotosBefore(db: DB, albumId: number, readerId: number | null, photo: Place): Promise<number> {
  const n = await seenInAlbum(db, albumId, readerId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(before(photo))
    .executeTakeFirstOrThrow();
  return Number(n.n);
}

/** The photo the reader may see next to `photo` in the album's order, on one side; undefined at that end. */
export function getSeenNeighbour(
  db: DB,
  albumId: number,
  readerId: number | null,
  photo: Place,
  side: 'next' | 'previous',
): Promise<{ id: number; image_key: string } | undefined> {
  const dir = side === 'next' ? 'asc' : 'desc';
  return seenInAlbum(db, albumId, readerId)
    .select(['photos.id', 'photos.image_key'])
    .where(side === 'next' ? after(photo) : before(photo))
    .orderBy('photos.position', dir)
    .orderBy('photos.id', dir)
    .executeTakeFirst();
}

/** Marks an album changed at `at`. */
export async function touchAlbum(db: DB, albumId: number, at: number): Promise<void> {
  await db.updateTable('albums').set({ updated_at: at }).where('id', '=', albumId).execute();
}

/**
 * Keeps an album's cover pointing at one of its photos: when the cover is unset or no longer
 * in the album, the newest photo becomes the cover (none when the album is empty).
 */
async function ensureCover(db: DB, albumId: number): Promise<void> {
  const album = await db.selectFrom('albums').select('cover_photo_id').where('id', '=', albumId).executeTakeFirst();
  if (!album) return;
  if (album.cover_photo_id !== null) {
    const still = await db
      .selectFrom('photos')
      .select('id')
      .where('id', '=', album.cover_photo_id)
      .where('album_id', '=', albumId)
      .executeTakeFirst();
    if (still) return;
  }
  const newest = await db.selectFrom('photos').select('id').where('album_id', '=', albumId).orderBy('id', 'desc').executeTakeFirst();
  await db
    .updateTable('albums')
    .set({ cover_photo_id: newest?.id ?? null })
    .where('id', '=', albumId)
    .execute();
}

/** The position after the album's last photo: a photo added to an album (or moved into it) goes at its end. */
export async function endOfAlbum(db: DB, albumId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}

export async function updateAlbum(db: DB, id: number, columns: Updateable<AlbumsTable>): Promise<void> {
  await db
    .updateTable('albums')
    .set({ ...columns, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Deletes an album, its photos and what they left elsewhere; the image keys of its photos. */
export function deleteAlbumWithPhotos(db: DB, id: number): Promise<string[]> {
  return transact(db, (trx) => deleteAlbumRows(trx, id));
}

/** deleteAlbumWithPhotos within the caller's transaction (a group's deletion deletes its album). */
export async function deleteAlbumRows(trx: DB, id: number): Promise<string[]> {
  const photos = await trx.selectFrom('photos').select(['id', 'image_key']).where('album_id', '=', id).execute();
  await deleteItemTraces(
    trx,
    'photo',
    photos.map((p) => p.id),
  );
  await deleteItemTraces(trx, 'album', [id]);
  await trx.deleteFrom('photos').where('album_id', '=', id).execute();
  await trx.deleteFrom('albums').where('id', '=', id).execute();
  return photos.map((p) => p.image_key);
}

/** The id of the group's one album; undefined before its first photo. */
export async function getGroupAlbumId(db: DB, groupId: number): Promise<number | undefined> {
  return (await db.selectFrom('albums').select('id').where('group_id', '=', groupId).executeTakeFirst())?.id;
}

/** `photoId` when it is a photo of the album; undefined otherwise. */
export function getAlbumPhoto(db: DB, albumId: number, photoId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('photos').select('id').where('id', '=', photoId).where('album_id', '=', albumId).executeTakeFirst();
}

export async function setCover(db: DB, albumId: number, photoId: number, at = now()): Promise<void> {
  await db.updateTable('albums').set({ cover_photo_id: photoId, updated_at: at }).where('id', '=', albumId).execute();
}

/** A photo copied into an album with files of its own; returns the copy's id. */
export async function createPhotoCopy(
  db: DB,
  values: {
    ownerId: number;
    albumId: number;
    title: string;
    description: string;
    image: { key: string; width: number; height: number };
    position: number;
    at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('photos')
    .values({
      owner_id: values.ownerId,
      album_id: values.albumId,
      title: values.title,
      description: values.description,
      image_key: values.image.key,
      width: values.image.width,
      height: values.image.height,
      position: values.position,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a photo to the end (`position`) of another album. */
export async function movePhotoToAlbum(
  db: DB,
  { photoId, albumId, position, at }: { photoId: number; albumId: number; position: number; at: number },
): Promise<void> {
  await db.updateTable('photos').set({ album_id: albumId, position, updated_at: at }).where('id', '=', photoId).execute();
}

/** The ids of the album's photos. */
export async function listAlbumPhotoIds(db: DB, albumId: number): Promise<Set<number>> {
  return new Set((await db.selectFrom('photos').select('id').where('album_id', '=', albumId).execute()).map((p) => p.id));
}

/** Puts the photos `order` (all the album's) in that order. */
export async function setPhotoOrder(db: DB, albumId: number, order: readonly number[]): Promise<void> {
  for (const [i, photoId] of order.entries()) {
    await db.updateTable('photos').set({ position: i }).where('id', '=', photoId).execute();
  }
  await touchAlbum(db, albumId, now());
}

/** An album's owner and kind, undefined when there is none with that id. */
export function getAlbumOwnerKind(db: DB, id: number): Promise<Pick<AlbumRow, 'id' | 'owner_id' | 'kind'> | undefined> {
  return db.selectFrom('albums').select(['id', 'owner_id', 'kind']).where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a photo; with `target`, moves it to the end of that album, keeping the covers of
 * both albums pointing at photos of theirs.
 */
export async function updatePhoto(
  db: DB,
  {
    photo,
    changes,
    target,
  }: {
    photo: Pick<PhotoRow, 'id' | 'album_id'>;
    changes: { title?: string; description?: string; album_id?: number };
    target: number | undefined;
  },
): Promise<void> {
  await transact(db, async (trx) => {
    const t = now();
    // A moved photo goes to the end of its new album.
    const position = target !== undefined ? { position: await endOfAlbum(trx, target) } : {};
    await trx
      .updateTable('photos')
      .set({ ...changes, ...position, updated_at: t })
      .where('id', '=', photo.id)
      .execute();
    if (target !== undefined) {
      if (photo.album_id !== null) await ensureCover(trx, photo.album_id);
      await ensureCover(trx, target);
      await touchAlbum(trx, target, t);
    }
  });
}

/** Deletes a photo and what it left elsewhere; its album's cover moves on if it was the cover. */
export async function deletePhoto(db: DB, photo: Pick<PhotoRow, 'id' | 'album_id'>): Promise<void> {
  await transact(db, async (trx) => {
    await deleteItemTraces(trx, 'photo', [photo.id]);
    await trx.deleteFrom('photos').where('id', '=', photo.id).execute();
    if (photo.album_id !== null) await ensureCover(trx, photo.album_id);
  });
}

/** Of `ids`, those that are `ownerId`'s uploads waiting for an album. */
export function listPendingUploads(db: DB, { ids, ownerId }: { ids: number[]; ownerId: number }): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .where('album_id', 'is', null)
    .execute();
}

/** Stores a new normal album of `ownerId` with the settings given (the defaults for the rest); its id. */
export async function insertAlbum(
  db: DB,
  { ownerId, title, settings, at }: { ownerId: number; title: string; settings: Updateable<AlbumsTable>; at: number },
): Promise<number> {
  const row = await db
    .insertInto('albums')
    .values({
      owner_id: ownerId,
      kind: 'normal',
      title,
      description: '',
      category_id: null,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      auth_tag: 'owner_member',
      cover_photo_id: null,
      ...settings,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts photos into an album in the order given, after the photos it already has. */
export async function placePhotos(
  db: DB,
  { albumId, photoIds, at }: { albumId: number; photoIds: readonly number[]; at: number },
): Promise<void> {
  // The album keeps the order of photo_ids, after the photos it already has.
  const start = await endOfAlbum(db, albumId);
  for (const [i, photoId] of photoIds.entries()) {
    await db
      .updateTable('photos')
      .set({ album_id: albumId, position: start + i, updated_at: at })
      .where('id', '=', photoId)
      .execute();
  }
  await touchAlbum(db, albumId, at);
  await ensureCover(db, albumId);
}

/**
 * Removes up to `limit` pending uploads nobody used: in no album, attached to no post, made at
 * `olderThan` or before; their rows and traces, in one transaction. Answers the ones removed
 * (their files are the caller's to delete).
 */
export function deleteStalePendingUploads(
  db: DB,
  { olderThan, limit }: { olderThan: number; limit: number },
): Promise<Array<{ id: number; image_key: string }>> {
  // Chosen and deleted in one transaction: a photo put into an album meanwhile is not chosen.
  return transact(db, async (trx) => {
    const rows = await trx
      .selectFrom('photos as p')
      .select(['p.id', 'p.image_key'])
      .where('p.album_id', 'is', null)
      .where('p.created_at', '<=', olderThan)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('activities as a').select('a.id').where('a.attachment_type', '=', 'photo').whereRef('a.attachment_id', '=', 'p.id'),
          ),
        ),
      )
      .orderBy('p.id')
      .limit(limit)
      .execute();
    if (rows.length) {
      const ids = rows.map((r) => r.id);
      await deleteItemTraces(trx, 'photo', ids);
      await trx.deleteFrom('photos').where('id', 'in', ids).execute();
    }
    return rows;
  });
}

/** The photos `ids` with their files' key and size (a message's photo attachment). */
export function listPhotosByIds(db: DB, ids: number[]) {
  return db.selectFrom('photos').select(['id', 'title', 'description', 'image_key', 'width', 'height']).where('id', 'in', ids).execute();
}

/** Whether `photoId` is a photo `ownerId` uploaded to send in a message (album kind `message`). */
export async function isOwnMessagePhoto(db: DB, { photoId, ownerId }: { photoId: number; ownerId: number }): Promise<boolean> {
  const photo = await db
    .selectFrom('photos as p')
    .innerJoin('albums as a', 'a.id', 'p.album_id')
    .select('p.id')
    .where('p.id', '=', photoId)
    .where('p.owner_id', '=', ownerId)
    .where('a.kind', '=', 'message')
    .executeTakeFirst();
  return photo !== undefined;
}
