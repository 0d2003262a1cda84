import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The month calendar in two parts (issue 50: every read at a million rows). A month of a busy
 * site holds hundreds of events, and placing them all on their days for every reader cost the
 * calendar's read three times its cost at a thousand rows. Most of them are alike for every
 * reader: open to members, listed, in no group (`common` in data/events.ts). Those are placed
 * once and kept (routes/events/calendar.ts) until an event changes; each reader reads only the
 * rest, the few whose privacy asks who they are, on this partial index of them.
 *
 * `data_versions` says when a kept answer is out of date, for every API instance of a cluster
 * alike: `events` moves with every insert, update and delete of an event (a member's deletion's
 * too), by triggers, as the search index is kept (migration 010), whatever path writes; the kept
 * part holds the events as presented from their rows too, so any change of a row counts. It is a
 * row in the writer's transaction, not a sequence: it moves when the change is committed, so a
 * reader never keeps the old events under the new version. The predicate is written as
 * data/events.ts's query names it, for the planner to use the index (a migration keeps the DDL it
 * ran).
 */
export const m037: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`create table data_versions (name text primary key, version integer not null)`.execute(db);
    await sql`insert into data_versions (name, version) values ('events', 0)`.execute(db);
    await sql`create index events_uncommon_start on events (start_time, id)
      where not (auth_view in ('everyone', 'registered') and allow_search = 1 and group_id is null)`.execute(db);
    const bump = `update data_versions set version = version + 1 where name = 'events'`;
    if (pg) {
      // Once a statement: a seed's batch of a thousand events moves the version once.
      await sql
        .raw(`create function events_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`)
        .execute(db);
      await sql
        .raw(
          `create trigger events_version after insert or delete or update on events for each statement execute function events_version()`,
        )
        .execute(db);
    } else {
      await sql.raw(`create trigger events_version_insert after insert on events begin ${bump}; end`).execute(db);
      await sql.raw(`create trigger events_version_delete after delete on events begin ${bump}; end`).execute(db);
      await sql.raw(`create trigger events_version_update after update on events begin ${bump}; end`).execute(db);
    }
  },
};
