import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialectOf } from '../../src/db/dialect.ts';
import { seedWorld, settleAfterSeed, WORLD, type WorldLandmarks } from '../../src/seed/world.ts';
import { tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

// `npm run seed -- --scale F` at a small factor: the million-row site's shapes in miniature,
// read back through the API as a client would.
const FACTOR = 0.002; // 200 members, 2,000 posts, 10,000 likes, 200 conversations …
const t = setupApi();
let world: WorldLandmarks;

const count = async (table: 'users' | 'activities' | 'likes' | 'comments' | 'messages' | 'classifieds' | 'events' | 'groups') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every index and foreign key of the schema, as the database describes them. */
const schema = async (): Promise<string[]> => {
  if (dialectOf(t.db) === 'postgres') {
    const { rows } = await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema()
      union all select conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) from pg_constraint
        where contype = 'f' and connamespace = current_schema()::regnamespace order by 1`.execute(t.db);
    return rows.map((r) => r.d);
  }
  const { rows } = await sql<{ d: string }>`select coalesce(sql, name) as d from sqlite_master where type = 'index'
    union all select m.name || ' ' || f."table" || ' ' || f."from" || ' ' || f."on_delete" from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table' order by 1`.execute(t.db);
  return rows.map((r) => r.d);
};
let migrated: string[];

beforeAll(async () => {
  migrated = await schema();
  world = await seedWorld(t.db, t.config, { factor: FACTOR, seed: 7 });
}, 120_000);

describe('the site at scale (seed/world.ts)', () => {
  it('has every table at its share of a million rows', async () => {
    expect(await count('users')).toBe(WORLD.members * FACTOR);
    expect(await count('activities')).toBe(WORLD.activities * FACTOR);
    expect(await count('classifieds')).toBe(WORLD.listings * FACTOR);
    expect(await count('events')).toBe(WORLD.events * FACTOR);
    expect(await count('groups')).toBe(WORLD.groups * FACTOR);
    // Drawn per post from a heavy tail; the one most liked, the one most commented and the long conversation set apart: about their share.
    for (const [table, target] of [
      ['likes', WORLD.likes],
      ['comments', WORLD.comments],
      ['messages', WORLD.messages],
    ] as const) {
      expect(await count(table)).toBeGreaterThan(target * FACTOR * 0.6);
      expect(await count(table)).toBeLessThan(target * FACTOR * 1.4);
    }
    expect(world.counts).toMatchObject({ members: 200, activities: 2000 });
  });

  it('has events for everyone, and some whose privacy asks who reads (for members, friends, the owner alone)', async () => {
    const views = await t.db.selectFrom('events').select(['auth_view', 'allow_search']).execute();
    const open = views.filter((e) => e.auth_view === 'everyone' && e.allow_search === 1).length;
    expect(open).toBeGreaterThan(views.length / 2);
    expect(views.filter((e) => e.auth_view === 'owner_member' || e.auth_view === 'owner').length).toBeGreaterThan(0);
  });

  it('is uneven as a real site is: a few members with many friends, a few posts with most of the likes', async () => {
    const degrees = (
      await t.db
        .selectFrom('friendships')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
        .groupBy('user_id')
        .execute()
    )
      .map((r) => Number(r.n))
      .sort((a, b) => a - b);
    const median = degrees[Math.floor(degrees.length / 2)]!;
    expect(median).toBeLessThan(20);
    // The most friends: everyone else at this size (1,000 at scale 1).
    expect(degrees.at(-1)).toBe(199);

    const popular = await tokenFor(t.db, world.popularMember);
    expect((await get(t, popular, '/api/v1/friends', { user_id: world.popularMember, limit: 1 })).status).toBe(200);

    // The most liked post: liked by every member, as the API counts it.
    const reader = await tokenFor(t.db, world.typicalMember);
    const liked = await get(t, reader, `/api/v1/activities/${world.mostLiked}`, { fields: 'id,total_like,total_comment' });
    expect(liked.status).toBe(200);
    expect(liked.body.data.total_like).toBe(200);
    const commented = await get(t, reader, `/api/v1/activities/${world.mostCommented}`, { fields: 'id,total_comment' });
    expect(commented.body.data.total_comment).toBe(WORLD.topComments * FACTOR);
  });

  it('names five members of each kind for the bench: the middle of the friend counts, and the most friends', async () => {
    const rows = await t.db
      .selectFrom('users')
      .leftJoin('friendships', 'friendships.user_id', 'users.id')
      .select((eb) => ['users.id', eb.fn.count<number>('friendships.friend_id').as('n')])
      .groupBy('users.id')
      .execute();
    const friends = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    const sorted = [...friends.values()].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
    for (const [cohort, first] of [
      [world.typicalMembers, world.typicalMember],
      [world.popularMembers, world.popularMember],
    ] as const) {
      expect(cohort).toHaveLength(5);
      expect(new Set(cohort).size).toBe(5);
      expect(cohort[0]).toBe(first);
    }
    // The typical five sit in the middle tenth of the friend counts, the popular five above 95% of members.
    for (const id of world.typicalMembers) expect(friends.get(id)).toBeGreaterThanOrEqual(at(0.45));
    for (const id of world.typicalMembers) expect(friends.get(id)).toBeLessThanOrEqual(at(0.55));
    for (const id of world.popularMembers) expect(friends.get(id)).toBeGreaterThan(at(0.95));
    expect(friends.get(world.popularMember)).toBe(sorted.at(-1));
  });

  it('writes as people do: a few words in many posts, most words in a few (a vocabulary’s long tail)', async () => {
    const posts = await t.db.selectFrom('activities').select('content').execute();
    const postsWith = new Map<string, number>();
    for (const { content } of posts)
      for (const word of new Set((content ?? '').replace(/<[^>]*>/g, ' ').match(/\p{L}+/gu) ?? []))
        postsWith.set(word, (postsWith.get(word) ?? 0) + 1);
    const counts = [...postsWith.values()].sort((a, b) => b - a);
    expect(postsWith.size).toBeGreaterThan(1000);
    // The commonest words are in a tenth of the posts or more, the bench's common word among them …
    expect(counts[0]! / posts.length).toBeGreaterThan(0.1);
    expect(postsWith.get('coffee')! / posts.length).toBeGreaterThan(0.05);
    // … and most of the words the posts hold are in one or two of them.
    expect(counts.filter((n) => n <= 2).length).toBeGreaterThan(postsWith.size / 2);
  });

  it('spreads the comments over the whole three years: each tenth of the posts, by time, has its share', async () => {
    const posts = (await t.db.selectFrom('activities').select('id').orderBy('id').execute()).map((p) => p.id);
    const rows = await t.db
      .selectFrom('comments')
      .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('item_type', '=', 'activity')
      .where('item_id', '!=', world.mostCommented)
      .groupBy('item_id')
      .execute();
    const commentsOf = new Map(rows.map((r) => [r.item_id, Number(r.n)]));
    const tenth = Math.floor(posts.length / 10);
    const shares = Array.from({ length: 10 }, (_, k) =>
      posts.slice(k * tenth, (k + 1) * tenth).reduce((n, id) => n + (commentsOf.get(id) ?? 0), 0),
    );
    const mean = shares.reduce((a, b) => a + b, 0) / 10;
    for (const share of shares) expect(share / mean).toBeGreaterThan(0.5);
  });

  it('names its members as a crowd is named: a few family names many share, most of them one or two members’', async () => {
    const names = await t.db.selectFrom('users').select('full_name').where('email', 'like', '%@scale.example').execute();
    const families = new Map<string, number>();
    for (const { full_name } of names) {
      const family = full_name.split(' ').at(-1)!;
      families.set(family, (families.get(family) ?? 0) + 1);
    }
    const counts = [...families.values()].sort((a, b) => b - a);
    expect(names).toHaveLength(WORLD.members * FACTOR);
    expect(families.size).toBeGreaterThan(60);
    expect(counts[0]).toBeGreaterThanOrEqual(5);
    expect(counts.filter((n) => n <= 2).length).toBeGreaterThan(families.size / 2);
  });

  it('reads back through the API: a member’s feed, notifications and the long conversation, newest first', async () => {
    const token = await tokenFor(t.db, world.typicalMember);
    const feed = await get(t, token, '/api/v1/activities', { limit: 15 });
    expect(feed.status).toBe(200);
    expect(feed.body.data.items.length).toBeGreaterThan(0);
    const notifications = await get(t, token, '/api/v1/activities/notifications', { limit: 5 });
    expect(notifications.status).toBe(200);

    const inbox = await get(t, token, '/api/v1/messages/inbox', { limit: 50 });
    expect(inbox.status).toBe(200);
    const outbox = await get(t, token, '/api/v1/messages/outbox', { limit: 50 });
    const ids = [...inbox.body.data, ...outbox.body.data].map((c: { id: number }) => c.id);
    expect(ids).toContain(world.longConversation);
    const long = await get(t, token, `/api/v1/messages/${world.longConversation}`, { message_limit: 20 });
    expect(long.status).toBe(200);
    expect(long.body.data.messages).toHaveLength(20);
    const times = long.body.data.messages.map((m: { id: number }) => m.id);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // More than a page at any scale (LONG_CONVERSATION_MIN): older messages behind the first.
    expect(long.body.data.maxid).toEqual(expect.any(Number));
  });

  it('is settled for the benches as a long-running site is: on PostgreSQL every table vacuumed', async () => {
    await settleAfterSeed(t.db);
    if (dialectOf(t.db) !== 'postgres') return;
    const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables
      where relname in ('activities', 'likes', 'comments', 'messages') and last_vacuum is null`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it('leaves every index and foreign key the migrations made, also when the load fails half way', async () => {
    expect(migrated.length).toBeGreaterThan(50);
    expect(migrated.some((d) => /\bnotifications_group\b/.test(d))).toBe(true);
    expect(await schema()).toEqual(migrated);
    const failing = seedWorld(t.db, t.config, {
      factor: 0.0005,
      seed: 9,
      log: (m) => {
        if (m.includes('likes')) throw new Error('the load stops here');
      },
    });
    await expect(failing).rejects.toThrow('the load stops here');
    expect(await schema()).toEqual(migrated);
  }, 60_000);

  it('is the same site from the same seed', async () => {
    const rows = async (from: number) =>
      (await t.db.selectFrom('users').select(['full_name', 'country_iso']).where('id', '>=', from).orderBy('id').limit(50).execute()).map(
        (u) => `${u.full_name} ${u.country_iso}`,
      );
    const firstRun = await rows(world.popularMember);
    const again = await seedWorld(t.db, t.config, { factor: 0.0005, seed: 7 });
    expect((await rows(again.popularMember)).slice(0, 50)).toEqual(firstRun);
    const other = await seedWorld(t.db, t.config, { factor: 0.0005, seed: 8 });
    expect(await rows(other.popularMember)).not.toEqual(firstRun);
  }, 60_000);
});
