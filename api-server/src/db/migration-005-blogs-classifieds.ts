import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Categories every database has (clients need them before any demo data). */
const BLOG_CATEGORIES = ['Books', 'Food', 'Music', 'Personal', 'Technology', 'Travel'];
const CLASSIFIED_CATEGORIES = ['For Sale', 'Free', 'Housing', 'Jobs', 'Services', 'Vehicles'];

// Blogs and classifieds: their categories, and the indexes their list queries use.
export const m005: Migration = {
  async up(db: Kysely<{ categories: { module: string; title: string } }>) {
    await db
      .insertInto('categories')
      .values([
        ...BLOG_CATEGORIES.map((title) => ({ module: 'blog', title })),
        ...CLASSIFIED_CATEGORIES.map((title) => ({ module: 'classified', title })),
      ])
      .execute();
    await db.schema.createIndex('categories_module').on('categories').columns(['module', 'title']).execute();

    // Newest first / most viewed over published blogs, and a user's own list.
    await db.schema.createIndex('blogs_published').on('blogs').columns(['is_draft', 'created_at']).execute();
    await db.schema.createIndex('blogs_owner').on('blogs').columns(['owner_id', 'created_at']).execute();
    await db.schema.createIndex('blogs_category').on('blogs').column('category_id').execute();

    await db.schema.createIndex('classifieds_created').on('classifieds').column('created_at').execute();
    await db.schema.createIndex('classifieds_owner').on('classifieds').columns(['owner_id', 'created_at']).execute();
    await db.schema.createIndex('classifieds_category').on('classifieds').column('category_id').execute();
    await db.schema.createIndex('classified_photos_listing').on('classified_photos').columns(['classified_id', 'id']).execute();
  },
};
