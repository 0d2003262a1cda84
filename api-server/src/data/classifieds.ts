import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { ClassifiedsTable, Privacy } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { setItemTags } from '../domain/keyword-tags.ts';
import { richTextSearchTerm } from '../domain/rich-text.ts';
import { visibleTo } from '../domain/visibility.ts';
import type { StoredImage } from '../storage/images.ts';

// Classified listings as the classifieds routes read and write them (tables `classifieds`,
// `classified_photos`, with their keyword tags in `item_tags`). Privacy, tags and the traces an
// item leaves stay in domain/.

/** A listing with the image of its main photo (null when it has none). */
export type ClassifiedRow = Selectable<ClassifiedsTable> & { main_image_key: string | null };

/**
 * The listings other people's lists show the reader (alias `c`), open and closed: what they may
 * see. The list and a member's counts (GET /users/{id}) share it.
 */
export function listingsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return visibleTo('c', readerId);
}

/** Listings with the key of their main photo, as list and detail queries select them. */
function selectListings(db: DB) {
  return db
    .selectFrom('classifieds as c')
    .leftJoin('classified_photos as mp', 'mp.id', 'c.main_photo_id')
    .selectAll('c')
    .select('mp.image_key as main_image_key');
}

export function getListing(db: DB, id: number): Promise<ClassifiedRow | undefined> {
  return selectListings(db).where('c.id', '=', id).executeTakeFirst();
}

export interface ListingListFilter {
  /** The reader (null: not signed in). */
  me: number | null;
  /** The reader's own listings rather than what others' lists show them. */
  mine: boolean;
  userId?: number;
  categoryId?: number;
  status?: 'all' | 'only_open' | 'only_closed';
  keywords?: string;
  hasPhoto: boolean;
  priceMin?: number;
  priceMax?: number;
  location?: string;
  sort?: 'most_recent' | 'most_viewed';
  limit: number;
  offset: number;
}

/** A page of listings, newest (or most viewed) first. */
export function listListings(
  db: DB,
  { me, mine, userId, categoryId, status, keywords, hasPhoto, priceMin, priceMax, location, sort, limit, offset }: ListingListFilter,
): Promise<ClassifiedRow[]> {
  let query = selectListings(db);
  if (mine) {
    query = query.where('c.owner_id', '=', me!);
  } else {
    query = query.where(listingsListedTo(me));
    if (userId !== undefined) query = query.where('c.owner_id', '=', userId);
  }
  if (categoryId !== undefined) query = query.where('c.category_id', '=', categoryId);
  if (status === 'only_open') query = query.where('c.is_closed', '=', 0);
  if (status === 'only_closed') query = query.where('c.is_closed', '=', 1);
  if (keywords)
    query = query.where(sql<SqlBool>`(${containsText('c.title', keywords)} or ${containsText('c.body', richTextSearchTerm(keywords))})`);
  if (hasPhoto) query = query.where('c.main_photo_id', 'is not', null);
  // A listing without a price matches no price bound.
  if (priceMin !== undefined) query = query.where('c.price_cents', '>=', Math.ceil(priceMin * 100 - 1e-6));
  if (priceMax !== undefined) query = query.where('c.price_cents', '<=', Math.floor(priceMax * 100 + 1e-6));
  if (location) query = query.where(containsText('c.location_fold', location, true));
  query =
    sort === 'most_viewed'
      ? query.orderBy('c.view_count', 'desc').orderBy('c.id', 'desc')
      : query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  return query.limit(limit).offset(offset).execute();
}

export async function countPhotos(db: DB, listingIds: readonly number[]): Promise<Map<number, number>> {
  if (!listingIds.length) return new Map();
  const rows = await db
    .selectFrom('classified_photos')
    .select(['classified_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('classified_id', 'in', listingIds)
    .groupBy('classified_id')
    .execute();
  return new Map(rows.map((r) => [r.classified_id, Number(r.n)]));
}

/** The photos of the listings `ids`, oldest first. */
export function listListingPhotos(db: DB, ids: readonly number[]) {
  return db
    .selectFrom('classified_photos')
    .select(['id', 'classified_id', 'description', 'image_key', 'width', 'height'])
    .where('classified_id', 'in', ids)
    .orderBy('id')
    .execute();
}

export function getListingPhoto(db: DB, id: number) {
  return db.selectFrom('classified_photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether `photoId` is a photo of the listing `listingId`. */
export async function isPhotoOfListing(db: DB, photoId: number, listingId: number): Promise<boolean> {
  const photo = await db
    .selectFrom('classified_photos')
    .select('id')
    .where('id', '=', photoId)
    .where('classified_id', '=', listingId)
    .executeTakeFirst();
  return photo !== undefined;
}

/** Stores a listing's new photo (no description yet); its id. */
async function addListingPhoto(trx: DB, listingId: number, img: StoredImage, at: number): Promise<number> {
  const photo = await trx
    .insertInto('classified_photos')
    .values({ classified_id: listingId, image_key: img.key, width: img.width, height: img.height, description: '', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return photo.id;
}

/** Adds a photo to a listing (its main photo when it has none yet); the photo's id. */
export function insertListingPhoto(db: DB, listingId: number, img: StoredImage): Promise<number> {
  return transact(db, async (trx) => {
    const photoId = await addListingPhoto(trx, listingId, img, now());
    // The first photo of a listing becomes its main photo.
    await trx
      .updateTable('classifieds')
      .set({ main_photo_id: photoId })
      .where('id', '=', listingId)
      .where('main_photo_id', 'is', null)
      .execute();
    return photoId;
  });
}

export async function updateListingPhotoDescription(db: DB, id: number, description: string): Promise<void> {
  await db.updateTable('classified_photos').set({ description }).where('id', '=', id).execute();
}

/** Deletes a photo of a listing; the main photo passes to the oldest photo left, or to none. */
export async function deleteListingPhoto(db: DB, { photoId, listingId }: { photoId: number; listingId: number }): Promise<void> {
  await transact(db, async (trx) => {
    await trx.deleteFrom('classified_photos').where('id', '=', photoId).execute();
    // The main photo passes to the oldest photo left, or to none.
    const next = await trx
      .selectFrom('classified_photos')
      .select('id')
      .where('classified_id', '=', listingId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable('classifieds')
      .set({ main_photo_id: next?.id ?? null })
      .where('id', '=', listingId)
      .where((eb) => eb.or([eb('main_photo_id', '=', photoId), eb('main_photo_id', 'is', null)]))
      .execute();
  });
}

export interface NewListing {
  title: string;
  body: string;
  category_id: number | null;
  price_cents: number | null;
  location: string;
  auth_view: Privacy;
  auth_comment: Privacy;
}

/** Stores a new listing of `ownerId`, with its photo (its main photo) and tags when given; its id. */
export function insertListing(
  db: DB,
  { ownerId, values, img, tags }: { ownerId: number; values: NewListing; img: StoredImage | undefined; tags: string | undefined },
): Promise<number> {
  return transact(db, async (trx) => {
    const t = now();
    const row = await trx
      .insertInto('classifieds')
      .values({ owner_id: ownerId, ...values, is_closed: 0, main_photo_id: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (img) {
      const photoId = await addListingPhoto(trx, row.id, img, t);
      await trx.updateTable('classifieds').set({ main_photo_id: photoId }).where('id', '=', row.id).execute();
    }
    await setItemTags(trx, 'classified', row.id, tags);
    return row.id;
  });
}

/** What an edit changes; what is undefined stays. */
export type ListingChanges = Partial<NewListing> & { main_photo_id?: number };

/**
 * Changes a listing; a new photo `img` is added and becomes the main photo unless
 * changes.main_photo_id names another; tags are set when given.
 */
export async function updateListing(
  db: DB,
  { id, changes, img, tags }: { id: number; changes: ListingChanges; img: StoredImage | undefined; tags: string | undefined },
): Promise<void> {
  await transact(db, async (trx) => {
    const { main_photo_id: chosenMainPhotoId, ...fields } = changes;
    const t = now();
    let mainPhotoId = chosenMainPhotoId;
    if (img) {
      const photoId = await addListingPhoto(trx, id, img, t);
      // The photo of the form is the main photo unless main_photo_id names another.
      mainPhotoId ??= photoId;
    }
    await trx
      .updateTable('classifieds')
      .set({
        ...fields,
        ...(mainPhotoId !== undefined ? { main_photo_id: mainPhotoId } : {}),
        updated_at: t,
      })
      .where('id', '=', id)
      .execute();
    if (tags !== undefined) await setItemTags(trx, 'classified', id, tags);
  });
}

/** Deletes a listing, its photos and what it left elsewhere; the image keys of its photos. */
export function deleteListing(db: DB, id: number): Promise<Array<{ image_key: string }>> {
  return transact(db, async (trx) => {
    const gone = await trx.selectFrom('classified_photos').select('image_key').where('classified_id', '=', id).execute();
    await deleteItemTraces(trx, 'classified', [id]);
    await trx.deleteFrom('classified_photos').where('classified_id', '=', id).execute();
    await trx.deleteFrom('classifieds').where('id', '=', id).execute();
    return gone;
  });
}

/**
 * Closes (closed = 1) or reopens (0) a listing; false when it was so already. Conditional, so
 * that of two requests racing to close a listing only one changes it.
 */
export async function setListingClosed(db: DB, id: number, closed: 0 | 1): Promise<boolean> {
  const res = await db
    .updateTable('classifieds')
    .set({ is_closed: closed, updated_at: now() })
    .where('id', '=', id)
    .where('is_closed', '=', 1 - closed)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether each of the listings `ids` is closed, and its price (a message's card about it). */
export function listListingStates(db: DB, ids: number[]): Promise<Array<{ id: number; is_closed: number; price_cents: number | null }>> {
  return db.selectFrom('classifieds').select(['id', 'is_closed', 'price_cents']).where('id', 'in', ids).execute();
}

/** Whether a listing (one known to exist) is closed. */
export function getListingClosed(db: DB, id: number): Promise<{ is_closed: number }> {
  return db.selectFrom('classifieds').select('is_closed').where('id', '=', id).executeTakeFirstOrThrow();
}
