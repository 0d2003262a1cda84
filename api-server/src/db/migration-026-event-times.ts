import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The events list by time (issue 50: every read at a million rows). Upcoming events, soonest
// first, were read on events_end (every event not ended yet, a year of them) and sorted; now
// data/events.ts listEvents reads those to come in order on events_start from now, and those
// still running among the ones begun within a day (events_start) and the long ones (events_long,
// partial: an event of more than a day, rare). The day is LONG_EVENT there, written here as it
// was (a migration keeps the DDL it ran); the query must name the same literal for the planner to
// use the partial index.
export const m026: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('events_start').on('events').columns(['start_time', 'id']).execute();
    await db.schema
      .createIndex('events_long')
      .on('events')
      .column('end_time')
      .where(sql<boolean>`end_time - start_time > 86400`)
      .execute();
  },
};
