import fs from 'node:fs';
import path from 'node:path';
import type { Privacy } from '../../../src/db/types.ts';
import { filesDir } from '../../../src/storage/images.ts';
import type { TestApp } from '../../fixture.ts';

export const LISTINGS = '/api/v1/classifieds';

export const LIST_KEYS = [
  'body',
  'can_add_photos',
  'can_close',
  'can_delete',
  'can_edit',
  'can_open',
  'creation_date',
  'id',
  'is_closed',
  'location',
  'owner',
  'price',
  'thumb',
  'title',
];
export const DETAIL_KEYS = [...LIST_KEYS, 'category', 'photos', 'tags'].sort();

let clock = 1_750_000_000;

export interface ListingSpec {
  title: string;
  body: string;
  price_cents: number | null;
  location: string;
  is_closed: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  category_id: number | null;
  view_count: number;
  created_at: number;
  photos: number;
}

/** Inserts a listing (and `photos` photo rows, the first one main) straight into the database. */
export async function insertListing(t: TestApp, owner: number, p: Partial<ListingSpec> = {}): Promise<number> {
  const at = p.created_at ?? clock++;
  const row = await t.db
    .insertInto('classifieds')
    .values({
      owner_id: owner,
      title: p.title ?? 'Bike for sale',
      body: p.body ?? 'Red, fast.',
      category_id: p.category_id ?? null,
      price_cents: p.price_cents === undefined ? 10000 : p.price_cents,
      location: p.location ?? 'Portland',
      is_closed: p.is_closed ?? 0,
      auth_view: p.auth_view ?? 'everyone',
      auth_comment: p.auth_comment ?? 'everyone',
      main_photo_id: null,
      view_count: p.view_count ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < (p.photos ?? 0); i++) {
    const photo = await t.db
      .insertInto('classified_photos')
      .values({
        classified_id: row.id,
        image_key: `${String(row.id).padStart(4, '0')}${String(i).padStart(28, 'f')}.jpg`,
        description: `Photo ${i}`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i === 0) await t.db.updateTable('classifieds').set({ main_photo_id: photo.id }).where('id', '=', row.id).execute();
  }
  return row.id;
}

export async function categoryId(t: TestApp, title: string): Promise<number> {
  return (
    await t.db.selectFrom('categories').select('id').where('module', '=', 'classified').where('title', '=', title).executeTakeFirstOrThrow()
  ).id;
}

export function listingRow(t: TestApp, id: number) {
  return t.db.selectFrom('classifieds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function photoRows(t: TestApp, listingId: number) {
  return t.db.selectFrom('classified_photos').selectAll().where('classified_id', '=', listingId).orderBy('id').execute();
}

/** How many stored images exist under the data directory. */
export function storedImageCount(t: TestApp): number {
  const dir = path.join(filesDir(t.dataDir), 'img');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

export function imageExists(t: TestApp, key: string): boolean {
  return fs.existsSync(path.join(filesDir(t.dataDir), 'img', key.split('.')[0]!));
}
