import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Event categories every database has (clients need them before any demo data). */
const EVENT_CATEGORIES = ['Community', 'Meetup', 'Music', 'Party', 'Sports', 'Workshop'];

// Events: their categories, and the indexes of the event lists and membership queries.
export const m006: Migration = {
  async up(db: Kysely<{ categories: { module: string; title: string } }>) {
    await db
      .insertInto('categories')
      .values(EVENT_CATEGORIES.map((title) => ({ module: 'event', title })))
      .execute();
    // Upcoming (end_time ≥ now) soonest first, and a user's own events.
    await db.schema.createIndex('events_end').on('events').columns(['end_time', 'start_time']).execute();
    await db.schema.createIndex('events_owner').on('events').columns(['owner_id', 'start_time']).execute();
    await db.schema.createIndex('events_category').on('events').column('category_id').execute();
    // Counts by rsvp go through the primary key (event_id, user_id); "my events" need the user's rows.
    await db.schema.createIndex('event_members_user').on('event_members').columns(['user_id', 'event_id']).execute();
  },
};
