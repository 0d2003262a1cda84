import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { SEARCH_CODE_SPAN, SEARCH_CODES } from '../../src/db/search/codes.ts';
import type { Database } from '../../src/db/types.ts';
import { setupMigration } from '../fixture.ts';
import { searchHits } from '../helpers.ts';
import { insertSearchableRows } from './searchable-rows.ts';

// Migration 034: on SQLite, site search's one FTS5 table becomes one a type. What a database held
// before is found after, and every write path (the triggers made again) keeps each type's table:
// an edit, a tag, a delete. On PostgreSQL it changes nothing (a GIN index a type since 029).

let db: Kysely<Database>;
let user: number, blog: number, listing: number;

setupMigration('033_notification_actors', async (bare) => {
  db = bare;
  ({ user, blog, listing } = await insertSearchableRows(db));
});

const find = (keywords: string) => searchHits(db, user, keywords);

describe('migration 034: a search table a type', () => {
  it('finds what the database held before it', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${user}`]);
    expect(await find('lavender bees')).toEqual([`blog:${blog}`]);
    expect(await find('besancon heirloom')).toEqual([`classified:${listing}`]);
  });

  it('keeps each type current through every write path: an edit, a tag, a rename, a delete', async () => {
    await db.updateTable('blogs').set({ title: 'Rosemary notes' }).where('id', '=', blog).execute();
    expect(await find('post')).toEqual([]);
    expect(await find('rosemary bees')).toEqual([`blog:${blog}`]);
    const tag = (await db.insertInto('tags').values({ title: 'garden' }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('item_tags').values({ item_type: 'blog', item_id: blog, tag_id: tag }).execute();
    expect(await find('garden')).toEqual([`blog:${blog}`]);
    await db.updateTable('users').set({ full_name: 'Odile Nouvelle' }).where('id', '=', user).execute();
    expect(await find('ancienne')).toEqual([]);
    expect(await find('nouvelle')).toEqual([`user:${user}`]);
    await db.deleteFrom('item_tags').where('item_type', '=', 'classified').where('item_id', '=', listing).execute();
    expect(await find('heirloom')).toEqual([]);
    await db.deleteFrom('classifieds').where('id', '=', listing).execute();
    expect(await find('besancon')).toEqual([]);
  });

  it('leaves each type its own index: a table a type on SQLite, a GIN index a type on PostgreSQL', async () => {
    const types = Object.keys(SEARCH_CODES);
    if (dialectOf(db) === 'sqlite') {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from sqlite_master
        where name = 'search_index' or sql like '%search_index%'`.execute(db);
      expect(rows, 'nothing reads or writes the one table any more').toEqual([]);
      for (const [type, code] of Object.entries(SEARCH_CODES)) {
        const { rows: codes } = await sql<{ code: number }>`select distinct rowid % ${sql.lit(SEARCH_CODE_SPAN)} as code
          from ${sql.table(`search_fts_${type}`)}`.execute(db);
        expect(
          codes.every((r) => Number(r.code) === code),
          `${type}'s table holds ${type}s only`,
        ).toBe(true);
      }
      const { rows: triggers } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'trigger' and sql like '%search_fts_%'`.execute(db);
      expect(triggers.length).toBeGreaterThanOrEqual(types.length * 3);
    } else {
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
        where tablename = 'search_index' and indexname like 'search_index_doc_%'`.execute(db);
      expect(rows).toHaveLength(types.length);
    }
  });
});
