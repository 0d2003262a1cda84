import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { countPhotos, getListing, listListingPhotos, type ClassifiedRow } from '../../data/classifieds.ts';
import { listJoinedDates } from '../../data/users.ts';
import { formatDate } from '../../domain/format.ts';
import { presentItemParts, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../http/fields.ts';
import { imageUrl } from '../../storage/images.ts';

export const LISTING_LIST_FIELDS = [
  'id',
  'thumb',
  'title',
  'is_closed',
  'creation_date',
  'owner',
  'price',
  'location',
  'body',
  'can_edit',
  'can_add_photos',
  'can_open',
  'can_close',
  'can_delete',
] as const;
export const LISTING_DETAIL_FIELDS = [...LISTING_LIST_FIELDS, 'category', 'tags', 'photos'] as const;
/**
 * Beyond the spec (docs/api.md, "Extensions": Classifieds), given only when asked for by name: for
 * its owner, the privacy an edit form shows (auth_view, auth_comment; absent for anyone else), the
 * social fields an activity has, and when the seller joined the site (owner_joined, a buyer's
 * "member since").
 */
export const LISTING_DETAIL_ALLOWED = [...LISTING_DETAIL_FIELDS, 'auth_view', 'auth_comment', 'owner_joined', ...SOCIAL_FIELDS] as const;
export type ListingField = (typeof LISTING_DETAIL_ALLOWED)[number];

/** Photos a listing may have; can_add_photos turns false at this many. */
export const LISTING_PHOTOS_MAX = 20;

/** Sizes served: `thumb` in lists and detail, `img` of each photo in detail. */
const THUMB_SIZE = '240';
const PHOTO_SIZE = '1024';

/** Price text: '' when none was given, 'Free' for 0, else US dollars like $1,250.00. */
export function formatPrice(cents: number | null): string {
  if (cents === null) return '';
  if (cents === 0) return 'Free';
  const dollars = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

export function isListingOwner(viewer: Viewer, row: Pick<ClassifiedRow, 'owner_id'>): boolean {
  return viewer.userId !== null && viewer.userId === row.owner_id;
}

/** The flags of a listing for the reader; every action checks the same rule. */
export function listingFlags(viewer: Viewer, row: Pick<ClassifiedRow, 'owner_id' | 'is_closed'>, photoCount: number) {
  const mine = isListingOwner(viewer, row);
  return {
    can_edit: mine,
    can_add_photos: mine && photoCount < LISTING_PHOTOS_MAX,
    can_open: mine && row.is_closed === 1,
    can_close: mine && row.is_closed === 0,
    can_delete: mine,
  };
}

/** The listing when the reader may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisibleListing(db: DB, viewer: Viewer, id: number): Promise<ClassifiedRow> {
  const row = await getListing(db, id);
  if (!row || !(await allows(viewer, row.auth_view, row.owner_id))) throw notFound('The listing was not found or you may not see it.');
  return row;
}

/** Listings (already known to be visible to the reader) as the spec's Listing, in a fixed number of queries. */
export async function presentListings(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly ClassifiedRow[],
  fields: readonly ListingField[],
): Promise<Array<Partial<Record<ListingField, unknown>>>> {
  const want = new Set(fields);
  const ids = rows.map((r) => r.id);
  const owned = rows.filter((r) => isListingOwner(viewer, r)).map((r) => r.id);
  const [parts, photoCounts, photos, joined] = await Promise.all([
    presentItemParts(db, config, viewer, 'classified', rows, fields),
    want.has('can_add_photos') ? countPhotos(db, owned) : undefined,
    want.has('photos') && ids.length ? listListingPhotos(db, ids) : [],
    want.has('owner_joined')
      ? listJoinedDates(
          db,
          rows.map((r) => r.owner_id),
        )
      : undefined,
  ]);
  return rows.map((r) => {
    const listing: Partial<Record<ListingField, unknown>> = {
      id: r.id,
      thumb: r.main_image_key ? imageUrl(config.publicUrl, r.main_image_key, THUMB_SIZE) : '',
      title: r.title,
      is_closed: r.is_closed === 1,
      creation_date: formatDate(r.created_at),
      owner: parts.owner(r),
      price: formatPrice(r.price_cents),
      location: r.location,
      body: r.body,
      ...listingFlags(viewer, r, photoCounts?.get(r.id) ?? 0),
      category: parts.category(r),
      tags: parts.tags(r),
      photos: photos
        .filter((p) => p.classified_id === r.id)
        .map((p) => ({
          id: p.id,
          description: p.description,
          img: imageUrl(config.publicUrl, p.image_key, PHOTO_SIZE),
          is_main: p.id === r.main_photo_id,
          // The original's pixels (extension): null only while a photo stored before they were
          // kept has not had them read from its file (migration 012).
          width: p.width,
          height: p.height,
        })),
      // The date the seller joined, in the spec's date format (null when the member is gone).
      owner_joined: joined?.has(r.owner_id) ? formatDate(joined.get(r.owner_id)!) : null,
      // The edit form's privacy is told to the owner alone (absent for anyone else).
      ...(isListingOwner(viewer, r) ? { auth_view: r.auth_view, auth_comment: r.auth_comment } : {}),
      ...parts.social(r),
    };
    return pick(listing, fields);
  });
}
