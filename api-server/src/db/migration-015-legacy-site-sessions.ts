import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The legacy app's key, and the token it is exchanged for, belong to the site session whose
// /apps/{id} page handed the key over (legacy/tokens.ts): the token ends with that session — a
// sign-out, another member signing in on that browser, its expiry — as the tokens a site session
// gave its applications do at the sites the legacy API follows. The session is named by the
// hash its table is keyed by; a key issued without one (none is, but older rows) binds nothing.
export const m015: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('legacy_keys').addColumn('site_session_hash', 'text').execute();
    await db.schema.alterTable('legacy_tokens').addColumn('site_session_hash', 'text').execute();
  },
};
