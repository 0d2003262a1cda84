import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { SEARCH_CODE_SPAN, SEARCH_CODES } from '../../src/db/search/codes.ts';
import { setupSearchableMigration } from './searchable-rows.ts';

// Migration 034: on SQLite, site search's one FTS5 table becomes one a type. What a database held
// before is found after, and every write path (the triggers made again) keeps each type's table:
// an edit, a tag, a delete. On PostgreSQL it changes nothing (a GIN index a type since 029).

const site = setupSearchableMigration('033_notification_actors');
const { find } = site;

describe('migration 034: a search table a type', () => {
  it('finds what the database held before it', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${site.user}`]);
    expect(await find('lavender bees')).toEqual([`blog:${site.blog}`]);
    expect(await find('besancon heirloom')).toEqual([`classified:${site.listing}`]);
  });

  it('keeps each type current through every write path: an edit, a tag, a rename, a delete', async () => {
    await site.db.updateTable('blogs').set({ title: 'Rosemary notes' }).where('id', '=', site.blog).execute();
    expect(await find('post')).toEqual([]);
    expect(await find('rosemary bees')).toEqual([`blog:${site.blog}`]);
    const tag = (await site.db.insertInto('tags').values({ title: 'garden' }).returning('id').executeTakeFirstOrThrow()).id;
    await site.db.insertInto('item_tags').values({ item_type: 'blog', item_id: site.blog, tag_id: tag }).execute();
    expect(await find('garden')).toEqual([`blog:${site.blog}`]);
    await site.db.updateTable('users').set({ full_name: 'Odile Nouvelle' }).where('id', '=', site.user).execute();
    expect(await find('ancienne')).toEqual([]);
    expect(await find('nouvelle')).toEqual([`user:${site.user}`]);
    await site.db.deleteFrom('item_tags').where('item_type', '=', 'classified').where('item_id', '=', site.listing).execute();
    expect(await find('heirloom')).toEqual([]);
    await site.db.deleteFrom('classifieds').where('id', '=', site.listing).execute();
    expect(await find('besancon')).toEqual([]);
  });

  it('leaves each type its own index: a table a type on SQLite, a GIN index a type on PostgreSQL', async () => {
    const types = Object.keys(SEARCH_CODES);
    if (dialectOf(site.db) === 'sqlite') {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from sqlite_master
        where name = 'search_index' or sql like '%search_index%'`.execute(site.db);
      expect(rows, 'nothing reads or writes the one table any more').toEqual([]);
      for (const [type, code] of Object.entries(SEARCH_CODES)) {
        const { rows: codes } = await sql<{ code: number }>`select distinct rowid % ${sql.lit(SEARCH_CODE_SPAN)} as code
          from ${sql.table(`search_fts_${type}`)}`.execute(site.db);
        expect(
          codes.every((r) => Number(r.code) === code),
          `${type}'s table holds ${type}s only`,
        ).toBe(true);
      }
      const { rows: triggers } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'trigger' and sql like '%search_fts_%'`.execute(site.db);
      expect(triggers.length).toBeGreaterThanOrEqual(types.length * 3);
    } else {
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
        where tablename = 'search_index' and indexname like 'search_index_doc_%'`.execute(site.db);
      expect(rows).toHaveLength(types.length);
    }
  });
});
