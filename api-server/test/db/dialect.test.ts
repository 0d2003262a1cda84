import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { dialectOf } from '../../src/db/dialect.ts';
import { get, insertAlbum, post } from '../routes/fixtures.ts';

// What differs between SQLite and PostgreSQL, written once in api-server/src/db/: the same
// requests answer the same on both (this file runs on each: npm run test:unit and test:unit:pg).

const t = setupApi();

describe('integers wider than 32 bits', () => {
  it('a listing priced near a billion dollars keeps its price in cents (above 2^31)', async () => {
    const me = await createUser(t.db);
    const token = await tokenFor(t.db, me.id);
    const made = await post(t, token, '/api/v1/classifieds', {
      title: 'Island',
      body: 'With a lighthouse',
      'fields[price]': '999999999.99',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const row = await t.db.selectFrom('classifieds').select('price_cents').where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(99_999_999_999);
    const read = await get(t, token, `/api/v1/classifieds/${made.body.data.id}`);
    expect(read.body.data.price).toBe('$999,999,999.99');
  });

  it('ids and limits up to 2^53 - 1 are looked up, not a server error', async () => {
    const token = await tokenFor(t.db, (await createUser(t.db)).id);
    for (const url of [
      `/api/v1/blogs/${Number.MAX_SAFE_INTEGER}`,
      `/api/v1/albums/${Number.MAX_SAFE_INTEGER}`,
      `/api/v1/activities/${Number.MAX_SAFE_INTEGER}`,
    ]) {
      expect((await get(t, token, url)).status, url).toBe(404);
    }
    const feed = await get(t, token, '/api/v1/activities', { maxid: Number.MAX_SAFE_INTEGER, limit: 15 });
    expect(feed.status).toBe(200);
  });

  it('counts read back as numbers', async () => {
    const n = await t.db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof n.n).toBe('number');
  });
});

describe('text', () => {
  it('keyword filters fold case and accents the same way on both', async () => {
    const me = await createUser(t.db);
    const token = await tokenFor(t.db, me.id);
    const album = await insertAlbum(t.db, me.id, { title: 'Crème brûlée in der Straße', description: 'Œuvres' });
    for (const keywords of ['creme', 'CRÈME', 'BRULEE', 'strasse', 'STRASSE', 'oeuvres', 'Crème brûlée']) {
      const res = await get(t, token, '/api/v1/albums', { keywords });
      expect(res.status).toBe(200);
      expect(
        res.body.data.map((a: { id: number }) => a.id),
        keywords,
      ).toContain(album);
    }
    for (const keywords of ['cremes', '%', 'br_l']) {
      const res = await get(t, token, '/api/v1/albums', { keywords });
      expect(
        res.body.data.map((a: { id: number }) => a.id),
        keywords,
      ).not.toContain(album);
    }
  });

  it('orders and compares text by code point, as SQLite does', async () => {
    const titles = ['b', 'B', 'é', 'a', 'Z', 'ä', 'aa'];
    await t.db
      .insertInto('tags')
      .values(titles.map((title) => ({ title: `order-${title}` })))
      .execute();
    const rows = await t.db.selectFrom('tags').select('title').where('title', 'like', 'order-%').orderBy('title').execute();
    expect(rows.map((r) => r.title.slice('order-'.length))).toEqual(['B', 'Z', 'a', 'aa', 'b', 'ä', 'é']);
    // Equality is exact: another case is another tag.
    expect(await t.db.selectFrom('tags').select('title').where('title', '=', 'order-A').execute()).toEqual([]);
  });
});

describe('PostgreSQL sessions', () => {
  it('compile no statement to machine code first (jit off: the API’s reads are shorter than the compiling)', async () => {
    if (dialectOf(t.db) !== 'postgres') return;
    const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(t.db);
    expect(rows[0]!.jit).toBe('off');
  });

  it('never weigh a merge join (its estimate reads the ends of both indexes, slowest on a busy table)', async () => {
    if (dialectOf(t.db) !== 'postgres') return;
    const { rows } = await sql<{ on: string }>`select current_setting('enable_mergejoin') as on`.execute(t.db);
    expect(rows[0]!.on).toBe('off');
    // A join of two sorted lists, which a merge join suits best, is made another way.
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain select * from
      (select g from generate_series(1, 100000) g order by g) a join (select g from generate_series(1, 100000) g order by g) b on a.g = b.g`.execute(
      t.db,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Merge Join/);
  });
});
