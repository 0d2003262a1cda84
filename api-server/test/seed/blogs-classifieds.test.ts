import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRIENDS, DEMO_USERS } from '../../src/seed/demo.ts';
import { seedBlogs } from '../../src/seed/blogs.ts';
import { seedClassifieds } from '../../src/seed/classifieds.ts';
import type { SeedContext } from '../../src/seed/context.ts';
import { rng } from '../../src/seed/random.ts';
import { befriend, createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

const t = setupApi();
let users: number[];

beforeAll(async () => {
  users = [];
  for (const u of DEMO_USERS) users.push((await createUser(t.db, { full_name: u.full_name })).id);
  for (const [a, b] of DEMO_FRIENDS) await befriend(t.db, users[a]!, users[b]!);
  const ctx: SeedContext = {
    db: t.db,
    config: t.config,
    r: rng(7),
    t0: Math.floor(Date.now() / 1000),
    users,
    friendsOf: (i) => DEMO_FRIENDS.flatMap(([a, b]) => (a === i ? [b] : b === i ? [a] : [])).map((j) => users[j]!),
    log: () => {},
  };
  await seedBlogs(ctx);
  await seedClassifieds(ctx);
}, 60_000);

describe('demo blogs', () => {
  it('come from several authors, with drafts, categories, tags, a friends-only and an unlisted blog', async () => {
    const blogs = await t.db.selectFrom('blogs').selectAll().execute();
    expect(blogs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(blogs.map((b) => b.owner_id)).size).toBeGreaterThanOrEqual(6);
    expect(blogs.filter((b) => b.is_draft === 1).length).toBeGreaterThanOrEqual(2);
    expect(blogs.some((b) => b.auth_view === 'owner_member')).toBe(true);
    expect(blogs.some((b) => b.allow_search === 0)).toBe(true);
    expect(blogs.every((b) => b.category_id !== null)).toBe(true);
    const tagged = await t.db.selectFrom('item_tags').select('item_id').distinct().where('item_type', '=', 'blog').execute();
    expect(tagged.length).toBe(blogs.length);
  });

  it('have likes and comments', async () => {
    expect((await t.db.selectFrom('likes').select('id').where('target_type', '=', 'blog').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('comments').select('id').where('item_type', '=', 'blog').execute()).length).toBeGreaterThan(0);
  });

  it('read back through the API as the Demo User sees them', async () => {
    const token = await tokenFor(t.db, users[0]!, ['blogs']);
    const mine = await get(t, token, '/api/v1/blogs/my');
    expect(mine.body.data.length).toBeGreaterThanOrEqual(3);
    const all = await get(t, token, '/api/v1/blogs', { limit: 50 });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(8);
  });
});

describe('demo listings', () => {
  it('are open and closed, priced, across several cities, most with one to three photos', async () => {
    const listings = await t.db.selectFrom('classifieds').selectAll().execute();
    expect(listings.length).toBeGreaterThanOrEqual(12);
    expect(listings.some((l) => l.is_closed === 1)).toBe(true);
    expect(listings.some((l) => l.is_closed === 0)).toBe(true);
    expect(listings.filter((l) => l.price_cents !== null && l.price_cents > 0).length).toBeGreaterThanOrEqual(8);
    const cities = ['Portland', 'Seattle', 'Austin', 'Berlin', 'Lyon'];
    for (const city of cities) expect(listings.some((l) => l.location.includes(city))).toBe(true);
    const withPhotos = listings.filter((l) => l.main_photo_id !== null);
    expect(withPhotos.length).toBeGreaterThan(listings.length / 2);
    const counts = await t.db
      .selectFrom('classified_photos')
      .select(['classified_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('classified_id')
      .execute();
    expect(Math.max(...counts.map((c) => Number(c.n)))).toBeLessThanOrEqual(3);
    for (const l of withPhotos) {
      const main = await t.db
        .selectFrom('classified_photos')
        .select('classified_id')
        .where('id', '=', l.main_photo_id!)
        .executeTakeFirstOrThrow();
      expect(main.classified_id).toBe(l.id);
    }
  });

  it('serve their thumbnails', async () => {
    const token = await tokenFor(t.db, null, ['classifieds']);
    const res = await get(t, token, '/api/v1/classifieds', { has_photo: 1, limit: 1, fields: 'thumb' });
    const file = await t.app.inject({ method: 'GET', url: new URL(res.body.data[0].thumb).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });
});
