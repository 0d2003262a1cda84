import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The listings of a category, newest first, with a place and a price (issue 50: 13.6 ms at
 * 50,000 listings against 2.3 ms at fifty). The planner took the category's every row through its
 * index (8,500 of them in the largest), folded each one's location with search_fold() to test the
 * place, and sorted what passed.
 *
 * Now:
 * - `location_fold`, the location folded as keyword filters fold text (db/text.ts), is a
 *   generated column: computed once when a listing is written (stored on PostgreSQL; virtual on
 *   SQLite, which cannot add a stored one to a table, and whose index below holds the value);
 * - `classifieds_category_recent` (category_id, created_at, id) with the filter columns after
 *   them: a category's listings in the list's order, read from the newest until the page is full,
 *   the place and price tested on the index entry itself (SQLite tests a covering index's columns
 *   before it reads the row; PostgreSQL reads the ids from the index alone: data/classifieds.ts).
 * It replaces `classifieds_category` (category_id), whose work it does.
 */
export const m031: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`alter table classifieds add column location_fold text
      generated always as (search_fold(location)) ${sql.raw(pg ? 'stored' : 'virtual')}`.execute(db);
    await sql`create index classifieds_category_recent on classifieds
      (category_id, created_at, id, location_fold, price_cents, auth_view, owner_id)`.execute(db);
    await sql`drop index classifieds_category`.execute(db);
    if (pg) await sql`analyze classifieds`.execute(db);
  },
};
