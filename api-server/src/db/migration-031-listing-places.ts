import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The listings of a category, newest first, with a place and a price (issue 50: 13.6 ms at
 * 50,000 listings against 2.3 ms at fifty). The planner took the category's every row through its
 * index (8,500 of them in the largest), folded each one's location with search_fold() to test the
 * place, and sorted what passed.
 *
 * Now:
 * - `location_fold`, the location folded as keyword filters fold text (db/text.ts), computed once
 *   when a listing is written: a stored generated column on PostgreSQL; on SQLite, which cannot
 *   add a stored one to a table, a plain column kept by triggers (a virtual one would call
 *   search_fold() — a function of this app's connections only — whenever any reader read the row:
 *   `select *` from the sqlite3 shell or a test's read-only look would fail);
 * - `classifieds_category_recent` (category_id, created_at, id) with the filter columns after
 *   them: a category's listings in the list's order, read from the newest until the page is full,
 *   the place and price tested on the index entry itself (SQLite tests a covering index's columns
 *   before it reads the row; PostgreSQL reads the ids from the index alone: data/classifieds.ts).
 * It replaces `classifieds_category` (category_id), whose work it does.
 */
export const m031: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    if (pg) {
      await sql`alter table classifieds add column location_fold text generated always as (search_fold(location)) stored`.execute(db);
    } else {
      await sql`alter table classifieds add column location_fold text not null default ''`.execute(db);
      await sql`update classifieds set location_fold = search_fold(location)`.execute(db);
      for (const [event, when] of [
        ['insert', 'insert'],
        ['update', 'update of location'],
      ] as const)
        await sql
          .raw(
            `create trigger classifieds_location_fold_${event} after ${when} on classifieds begin
              update classifieds set location_fold = search_fold(new.location) where id = new.id;
            end`,
          )
          .execute(db);
    }
    await sql`create index classifieds_category_recent on classifieds
      (category_id, created_at, id, location_fold, price_cents, auth_view, owner_id)`.execute(db);
    await sql`drop index classifieds_category`.execute(db);
    if (pg) await sql`analyze classifieds`.execute(db);
  },
};
