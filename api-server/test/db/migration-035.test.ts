import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { SEARCH_CODES } from '../../src/db/search/codes.ts';
import { setupSearchableMigration } from './searchable-rows.ts';

// Migration 035: on SQLite, each type's search table is made again with prefix indexes, so that a
// typed word's matches as the start of longer words are read newest first and cut at the limit
// rather than merged whole. What a database held is found after, by whole words and by their
// starts, and the triggers made again keep each table current. On PostgreSQL it changes nothing.

const site = setupSearchableMigration('034_search_tables');
const { find } = site;

describe('migration 035: prefix indexes for site search', () => {
  it('finds what the database held before it, by whole words and by their starts', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${site.user}`]);
    expect(await find('lavender bees')).toEqual([`blog:${site.blog}`]);
    expect(await find('lave')).toEqual([`blog:${site.blog}`]);
    expect(await find('besan heirl')).toEqual([`classified:${site.listing}`]);
    // A start longer than the longest prefix index (8) is still found, merged as before.
    expect(await find('heirloo')).toEqual([`classified:${site.listing}`]);
  });

  it('keeps each type current through the triggers made again: an edit, a tag, a delete', async () => {
    await site.db.updateTable('blogs').set({ title: 'Rosemary notes' }).where('id', '=', site.blog).execute();
    expect(await find('rosem')).toEqual([`blog:${site.blog}`]);
    const tag = (await site.db.insertInto('tags').values({ title: 'gardening' }).returning('id').executeTakeFirstOrThrow()).id;
    await site.db.insertInto('item_tags').values({ item_type: 'blog', item_id: site.blog, tag_id: tag }).execute();
    expect(await find('garden')).toEqual([`blog:${site.blog}`]);
    await site.db.deleteFrom('classifieds').where('id', '=', site.listing).execute();
    expect(await find('besancon')).toEqual([]);
  });

  it('gives every type’s table its prefix indexes on SQLite, and leaves no old table behind', async () => {
    if (dialectOf(site.db) !== 'sqlite') return;
    for (const type of Object.keys(SEARCH_CODES)) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${`search_fts_${type}`}`.execute(site.db);
      expect(rows[0]?.sql, type).toMatch(/prefix = '3 4 5 6 7 8'/);
    }
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where name glob 'search_fts_*_old*'`.execute(site.db);
    expect(rows).toEqual([]);
  });
});
