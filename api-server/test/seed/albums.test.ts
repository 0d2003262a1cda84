import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { seedAlbums } from '../../src/seed/albums.ts';
import { DEMO_FRIENDS } from '../../src/seed/demo.ts';
import { rng } from '../../src/seed/random.ts';
import { filesDir } from '../../src/storage/images.ts';
import { createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

const t = setupApi();
let users: number[];
beforeAll(async () => {
  users = [];
  for (let i = 0; i < 10; i++) users.push((await createUser(t.db, { full_name: `Demo ${i}` })).id);
  await t.db
    .insertInto('friendships')
    .values(
      DEMO_FRIENDS.flatMap(([a, b]) => [
        { user_id: users[a]!, friend_id: users[b]!, created_at: now() },
        { user_id: users[b]!, friend_id: users[a]!, created_at: now() },
      ]),
    )
    .execute();
  const friendsOf = (i: number) => DEMO_FRIENDS.flatMap(([a, b]) => (a === i ? [users[b]!] : b === i ? [users[a]!] : []));
  await seedAlbums({ db: t.db, config: t.config, r: rng(7), t0: now(), users, friendsOf, log: () => {} });
}, 60_000);

describe('album demo data', () => {
  it('makes normal albums across several users, each with a category, 4–10 photos and a cover among them', async () => {
    const albums = await t.db.selectFrom('albums').selectAll().execute();
    expect(albums.length).toBeGreaterThanOrEqual(8);
    expect(new Set(albums.map((a) => a.owner_id)).size).toBeGreaterThanOrEqual(6);
    for (const a of albums) {
      expect(a.kind).toBe('normal');
      expect(a.category_id).not.toBeNull();
      const photos = await t.db.selectFrom('photos').select(['id', 'width', 'height', 'image_key']).where('album_id', '=', a.id).execute();
      expect(photos.length).toBeGreaterThanOrEqual(4);
      expect(photos.length).toBeLessThanOrEqual(10);
      expect(photos.map((p) => p.id)).toContain(a.cover_photo_id);
      for (const p of photos) {
        expect(p).toMatchObject({ width: 1000, height: 700 });
        expect(fs.existsSync(path.join(filesDir(t.dataDir), 'img', p.image_key.split('.')[0]!, '240.jpg'))).toBe(true);
      }
    }
    expect(albums.filter((a) => a.auth_view === 'owner_member').length).toBeGreaterThanOrEqual(2);
    expect(albums.filter((a) => a.description !== '').length).toBeGreaterThanOrEqual(5);
  });

  it('tags photos with users and with labels, inside the images', async () => {
    const tags = await t.db.selectFrom('item_tag_areas').selectAll().execute();
    expect(tags.some((x) => x.user_id !== null)).toBe(true);
    expect(tags.some((x) => x.label !== null)).toBe(true);
    for (const x of tags) {
      expect(x.x + x.w).toBeLessThanOrEqual(1000);
      expect(x.y + x.h).toBeLessThanOrEqual(700);
    }
  });

  it('adds likes and comments on albums and photos', async () => {
    const likes = await t.db.selectFrom('likes').select('target_type').distinct().execute();
    expect(likes.map((l) => l.target_type).sort()).toEqual(['album', 'photo']);
    const comments = await t.db.selectFrom('comments').select('item_type').distinct().execute();
    expect(comments.map((c) => c.item_type).sort()).toEqual(['album', 'photo']);
  });

  it('serves through the API: a friend of the owners sees friends-only albums that a stranger does not', async () => {
    const stranger = (await createUser(t.db)).id;
    const all = async (userId: number) =>
      (await get(t, await tokenFor(t.db, userId, ['albums']), '/api/v1/albums', { limit: 50 })).body.data.map((a: { id: number }) => a.id);
    const demoSees = await all(users[0]!);
    const strangerSees = await all(stranger);
    expect(demoSees.length).toBeGreaterThan(strangerSees.length);
    const tagged = await t.db
      .selectFrom('item_tag_areas as x')
      .innerJoin('photos as p', 'p.id', 'x.subject_id')
      .innerJoin('albums as a', 'a.id', 'p.album_id')
      .select('x.subject_id')
      .where('a.auth_view', '=', 'everyone')
      .executeTakeFirstOrThrow();
    const res = await get(t, await tokenFor(t.db, stranger, ['basic']), '/api/v1/core/tags', {
      subject_type: 'photo',
      subject_id: tagged.subject_id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });
});
