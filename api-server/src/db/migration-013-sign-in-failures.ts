import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The sign-in throttle's counts (oauth/sign-in-throttle.ts), in the database rather than in each
// API process, so that several instances behind a load balancer share one budget of failed
// passwords (N instances must not allow N times the guesses). One row per throttled key
// ('account:<email>' or 'address:<ip>'): its failures since the window began at `since`.
export const m013: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('since', 'integer', (c) => c.notNull())
      .execute();
    // Expired windows are deleted by their start.
    await db.schema.createIndex('sign_in_failures_since').on('sign_in_failures').column('since').execute();
  },
};
