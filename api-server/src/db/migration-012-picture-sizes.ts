import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Picture sizes (extension, docs/api.md, "Extensions": Picture sizes and descriptions): a client
// reserves a picture's box from the width and height of its original before the picture arrives.
// Album photos have kept theirs since migration 001; a listing's photos and an event's picture get
// them here, and an event's picture a description (its alt text), as a listing photo has. The
// columns stay null for rows made before: `fillPictureSizes` (storage/picture-sizes.ts), run by
// `openDatabase` after the migrations, reads those rows' stored originals and fills them in (a
// migration has the database, not the files' directory).
export const m012: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('classified_photos').addColumn('width', 'integer').execute();
    await db.schema.alterTable('classified_photos').addColumn('height', 'integer').execute();
    await db.schema.alterTable('events').addColumn('image_width', 'integer').execute();
    await db.schema.alterTable('events').addColumn('image_height', 'integer').execute();
    await db.schema
      .alterTable('events')
      .addColumn('image_description', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
