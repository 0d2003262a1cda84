import type { DB } from '../../src/db/index.ts';
import { setupMigration } from '../fixture.ts';
import { searchHits } from '../helpers.ts';

/**
 * A member (Odile Ancienne), her blog post (HTML body: lavender, fields and bees) and her listing
 * in Besançon tagged "heirloom", written column by column as every schema since migration 009
 * holds them: the search migrations' tests fill a database of their time with these.
 */
export async function insertSearchableRows(db: DB): Promise<{ user: number; blog: number; listing: number }> {
  const user = (
    await db
      .insertInto('users')
      .values({
        email: 'old@example.com',
        password_hash: 'x',
        full_name: 'Odile Ancienne',
        user_name: 'odile',
        gender: '',
        country_iso: '',
        joined: 1,
        avatar_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const common = { owner_id: user, auth_view: 'everyone', auth_comment: 'everyone', created_at: 1, updated_at: 1 } as const;
  const blog = (
    await db
      .insertInto('blogs')
      .values({
        ...common,
        title: 'Old post',
        body: '<p>Lavender</p><p>fields &amp; bees</p>',
        category_id: null,
        is_draft: 0,
        allow_search: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const listing = (
    await db
      .insertInto('classifieds')
      .values({
        ...common,
        title: 'Old chair',
        body: 'Oak.',
        category_id: null,
        price_cents: null,
        location: 'Besançon',
        is_closed: 0,
        main_photo_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const tag = (await db.insertInto('tags').values({ title: 'heirloom' }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('item_tags').values({ item_type: 'classified', item_id: listing, tag_id: tag }).execute();
  return { user, blog, listing };
}

/** A site search migration's test database: its rows, and a search as their member. */
export interface SearchableSite {
  db: DB;
  user: number;
  blog: number;
  listing: number;
  /** What the member finds for `keywords`, as `type:id`. */
  find: (keywords: string) => Promise<string[]>;
}

/**
 * A database migrated up to `before`, given the searchable rows as that schema held them, then
 * migrated to the end (fixture.ts setupMigration): what the search migrations' tests read.
 */
export function setupSearchableMigration(before: string): SearchableSite {
  const site = { find: (keywords: string) => searchHits(site.db, site.user, keywords) } as SearchableSite;
  setupMigration(before, async (bare) => {
    site.db = bare;
    Object.assign(site, await insertSearchableRows(bare));
  });
  return site;
}
