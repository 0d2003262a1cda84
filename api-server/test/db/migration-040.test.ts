import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { SEARCH_PENDING_KB } from '../../src/db/migration-040-search-pending-lists.ts';
import { setupSearchableMigration } from './searchable-rows.ts';

// Migration 040: on PostgreSQL, the search's GIN indexes gather new rows in a pending list of
// SEARCH_PENDING_KB and sort it in when full. What the database held is found after; a post is
// found as soon as it is written, while its words are pending, once they are sorted in, and after
// a vacuum. On SQLite it changes nothing: the same searches find the same.

const site = setupSearchableMigration('039_feed_inbox');
const { find } = site;

describe('migration 040: the search indexes’ pending lists', () => {
  it('finds what the database held before it', async () => {
    expect(await find('odile ancienne')).toEqual([`user:${site.user}`]);
    expect(await find('"fields bees"')).toEqual([`blog:${site.blog}`]);
    expect(await find('BESANCON heirl')).toEqual([`classified:${site.listing}`]);
  });

  it('keeps a small pending list on every GIN index of the search (PostgreSQL)', async () => {
    if (dialectOf(site.db) !== 'postgres') return;
    const { rows } = await sql<{ name: string; options: string[] | null }>`select c.relname as name, c.reloptions as options
      from pg_class c join pg_index i on i.indexrelid = c.oid join pg_am am on am.oid = c.relam
      where i.indrelid = 'search_index'::regclass and am.amname = 'gin' order by 1`.execute(site.db);
    expect(rows.length).toBe(10);
    for (const r of rows)
      expect([r.name, [...(r.options ?? [])].sort()]).toEqual([r.name, ['fastupdate=on', `gin_pending_list_limit=${SEARCH_PENDING_KB}`]]);
  });

  it('finds each post as soon as it is written, while pending, once sorted in, and after a vacuum', async () => {
    // Ten times what a pending list holds: each list fills and is sorted in several times on the way.
    const posts = 1200;
    const word = (i: number) =>
      `plume${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + Math.floor(i / 676))}`;
    const ids: number[] = [];
    for (let from = 0; from < posts; from += 200) {
      const rows = Array.from({ length: 200 }, (_, k) => ({
        owner_id: site.user,
        subject_type: 'user',
        subject_id: site.user,
        content: `<p>${word(from + k)} market coffee garden river ${'lorem ipsum dolor sit amet '.repeat(3)}</p>`,
        auth_view: 'everyone' as const,
        is_share: 0,
        created_at: 1_700_000_000 + from + k,
      }));
      ids.push(...(await site.db.insertInto('activities').values(rows).returning('id').execute()).map((r) => r.id));
      expect(await find(word(from + 199))).toEqual([`activity:${ids.at(-1)}`]);
    }
    for (const i of [0, 1, 599, posts - 1]) expect(await find(word(i))).toEqual([`activity:${ids[i]}`]);
    if (dialectOf(site.db) === 'postgres') await sql`vacuum search_index`.execute(site.db);
    for (const i of [0, 2, 700, posts - 2]) expect(await find(word(i))).toEqual([`activity:${ids[i]}`]);
    await site.db.deleteFrom('activities').where('id', '=', ids[3]!).execute();
    expect(await find(word(3))).toEqual([]);
  });
});
