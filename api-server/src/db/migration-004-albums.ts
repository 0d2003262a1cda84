import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Album categories every database has (clients need them before any demo data). */
const ALBUM_CATEGORIES = ['Art', 'Events', 'Family', 'Food', 'Nature', 'Travel'];

// Albums: their categories, and the indexes of the album lists and of photo tags.
export const m004: Migration = {
  async up(db: Kysely<{ categories: { module: string; title: string } }>) {
    await db
      .insertInto('categories')
      .values(ALBUM_CATEGORIES.map((title) => ({ module: 'album', title })))
      .execute();
    // Newest first over everyone's albums, and a user's own ones.
    await db.schema.createIndex('albums_created').on('albums').column('created_at').execute();
    await db.schema.createIndex('albums_owner_created').on('albums').columns(['owner_id', 'created_at']).execute();
    // A user's pending uploads (photo_upload).
    await db.schema.createIndex('photos_owner').on('photos').columns(['owner_id', 'album_id']).execute();
  },
};
