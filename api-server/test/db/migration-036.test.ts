import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { SEARCH_CODES } from '../../src/db/search/codes.ts';
import { setupSearchableMigration } from './searchable-rows.ts';

// Migration 036: on PostgreSQL, each type's indexed words are also kept in a column of that type's
// own, so that the planner's statistics count each type's words apart. What a database held is
// found after, by whole words, their starts, phrases and folded accents, and the writers of the
// index keep the new columns current without change. On SQLite it changes nothing: the same
// searches find the same.

const site = setupSearchableMigration('035_search_prefixes');
const { find } = site;

describe('migration 036: search words by type', () => {
  it('finds what the database held before it: words, their starts, phrases, accents folded', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${site.user}`]);
    expect(await find('"fields bees"')).toEqual([`blog:${site.blog}`]);
    expect(await find('"bees fields"')).toEqual([]);
    expect(await find('lave')).toEqual([`blog:${site.blog}`]);
    expect(await find('BESANCON heirl')).toEqual([`classified:${site.listing}`]);
  });

  it('keeps each type current through the writers of the index: an edit, a tag, a delete', async () => {
    await site.db.updateTable('blogs').set({ title: 'Rosemary notes' }).where('id', '=', site.blog).execute();
    expect(await find('rosem')).toEqual([`blog:${site.blog}`]);
    const tag = (await site.db.insertInto('tags').values({ title: 'gardening' }).returning('id').executeTakeFirstOrThrow()).id;
    await site.db.insertInto('item_tags').values({ item_type: 'blog', item_id: site.blog, tag_id: tag }).execute();
    expect(await find('garden')).toEqual([`blog:${site.blog}`]);
    // A word of one type is not found as another's: the member's name is hers alone.
    await site.db.updateTable('classifieds').set({ body: 'Odile’s oak chair' }).where('id', '=', site.listing).execute();
    expect((await find('odile')).sort()).toEqual([`classified:${site.listing}`, `user:${site.user}`].sort());
    await site.db.deleteFrom('classifieds').where('id', '=', site.listing).execute();
    expect(await find('besancon')).toEqual([]);
    expect(await find('odile')).toEqual([`user:${site.user}`]);
  });

  it('gives each type a column of its own words on PostgreSQL, with its statistics and two indexes', async () => {
    if (dialectOf(site.db) !== 'postgres') return;
    const tags = Object.values(SEARCH_CODES).map((code) => (code < 0 ? `m${-code}` : String(code)));
    // The blog's words are in the blogs' column alone, as in `doc`; every other type's column is null.
    const { rows } = await sql<
      Record<string, string | null>
    >`select * from search_index where rowid = ${site.blog * 8 + SEARCH_CODES.blog}`.execute(site.db);
    expect(rows[0]!.doc_4).toBe(rows[0]!.doc);
    expect(rows[0]!.doc_4).toContain("'rosemary':1");
    expect(tags.filter((tag) => tag !== '4').map((tag) => rows[0]![`doc_${tag}`])).toEqual(tags.slice(1).map(() => null));
    const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where tablename = 'search_index' and indexname <> 'search_index_pkey' order by indexname`.execute(site.db);
    expect(indexes.map((i) => i.indexname).sort()).toEqual(
      tags.flatMap((tag) => [`search_index_doc_${tag}`, `search_index_rows_${tag}`]).sort(),
    );
    for (const tag of tags) {
      const def = (name: string) => indexes.find((i) => i.indexname === name)!.indexdef;
      // Its storage options are migration 040's since (a small pending list).
      expect(def(`search_index_doc_${tag}`)).toMatch(
        new RegExp(`USING gin \\(doc_${tag}\\) WITH \\(.*\\) WHERE \\(doc_${tag} IS NOT NULL\\)`),
      );
      expect(def(`search_index_rows_${tag}`)).toContain(`USING btree (rowid) WHERE (doc_${tag} IS NOT NULL)`);
    }
    const { rows: targets } = await sql<{ attname: string; attstattarget: number }>`select attname, attstattarget from pg_attribute
      where attrelid = 'search_index'::regclass and attname like 'doc\\_%'`.execute(site.db);
    expect(targets.map((t) => Number(t.attstattarget))).toEqual(tags.map(() => 1000));
  });
});
