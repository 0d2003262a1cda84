import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// An album keeps the order its photos were given in (POST /albums/upload's photo_ids, the
// reorder extension POST /albums/{id}/order) instead of the order of their ids. Photos order by
// (position, id): the rows that exist keep position 0, so their order stays the id order until
// their album is reordered; photos added later take the next position after the album's last.
export const m008: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('photos')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('photos_album_position').on('photos').columns(['album_id', 'position', 'id']).execute();
  },
};
