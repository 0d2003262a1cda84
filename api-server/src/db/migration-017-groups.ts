import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Group categories every database has (clients need them before any demo data). */
const GROUP_CATEGORIES = ['Animals', 'Arts & Culture', 'Business', 'Clubs', 'Family & Home', 'Hobbies', 'Neighbourhood', 'Sports'];

/**
 * Groups in site search (GET /core/search): the search index of migration 010 holds a group's
 * title and description at rowid id × 8 + 0, the one code migration 010 left free (db/search/codes.ts
 * reads it so; api-server/test/db/migration-017.test.ts holds the two equal). Kept by triggers as the
 * other types are; frozen here as migration 010 keeps its own.
 */
const GROUP_CODE = 0;
const SPAN = 8;
export { GROUP_CODE as M017_GROUP_CODE };

async function indexGroups(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const row = (where: string) => `insert into search_index (rowid, title, body, extra, doc, title_doc)
      select r.rowid, r.title, r.body, r.extra, search_doc(r.title) || search_doc(r.body), search_doc(r.title)
      from (select x.id * ${SPAN} + ${GROUP_CODE} as rowid, x.title, x.description as body, '' as extra from groups x where ${where}) r
      on conflict (rowid) do update set title = excluded.title, body = excluded.body, extra = excluded.extra,
        doc = excluded.doc, title_doc = excluded.title_doc`;
    await sql
      .raw(
        `create function search_group_index() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then delete from search_index where rowid = old.id * ${SPAN} + ${GROUP_CODE}; else ${row('x.id = new.id')}; end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger search_group after insert or delete or update of title, description on groups
         for each row execute function search_group_index()`,
      )
      .execute(db);
    return;
  }
  const index = `insert into search_index (rowid, title, body, extra)
    select x.id * ${SPAN} + ${GROUP_CODE}, x.title, x.description, '' from groups x where x.id = new.id;`;
  const unindex = `delete from search_index where rowid = old.id * ${SPAN} + ${GROUP_CODE};`;
  for (const statement of [
    `create trigger search_group_insert after insert on groups begin ${index} end`,
    `create trigger search_group_update after update of title, description on groups begin ${unindex} ${index} end`,
    `create trigger search_group_delete after delete on groups begin ${unindex} end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// Groups (issue 48; docs/api.md, "Groups"): the origin API's module (YouNet's `Api/Group.php` on
// SocialEngine 4's group tables). Who may see, post, add photos and events and invite is a role
// (officer < member < registered < everyone) rather than an item's privacy id; `group_members`
// holds one row per person the group knows: a member, an officer (the owner's own row is one), a
// request waiting for an officer, or an invitation waiting for its answer.
export const m017: Migration = {
  async up(db: Kysely<{ categories: { module: string; title: string } }>) {
    await db.schema
      .createTable('groups')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('approval', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('auth_invite', 'text', (c) => c.notNull().defaultTo('member'))
      .addColumn('auth_view', 'text', (c) => c.notNull().defaultTo('everyone'))
      .addColumn('auth_comment', 'text', (c) => c.notNull().defaultTo('member'))
      .addColumn('auth_photo', 'text', (c) => c.notNull().defaultTo('member'))
      .addColumn('auth_event', 'text', (c) => c.notNull().defaultTo('officer'))
      .addColumn('image_key', 'text')
      .addColumn('image_width', 'integer')
      .addColumn('image_height', 'integer')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    // The newest first, a member's own groups, and a category's.
    await db.schema.createIndex('groups_created').on('groups').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('groups_owner').on('groups').columns(['owner_id', 'created_at']).execute();
    await db.schema.createIndex('groups_category').on('groups').column('category_id').execute();

    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // member | officer | requested | invited
      .addColumn('state', 'text', (c) => c.notNull())
      // An officer's title ("Treasurer"), '' for none.
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('invited_by', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();
    // A group's members (or waiting people) in the order they came, and counts by state; a member's groups.
    await db.schema.createIndex('group_members_state').on('group_members').columns(['group_id', 'state', 'created_at']).execute();
    await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id', 'group_id']).execute();

    await db
      .insertInto('categories')
      .values(GROUP_CATEGORIES.map((title) => ({ module: 'group', title })))
      .execute();
    await indexGroups(db as Kysely<unknown>);
  },
};
