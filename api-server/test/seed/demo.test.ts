import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_USERS } from '../../src/seed/demo.ts';
import { seedScale } from '../../src/seed/scale.ts';
import { verifySecret } from '../../src/oauth/crypto.ts';
import { tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

const t = setupApi();
beforeAll(async () => {
  await seedDemo(t.db, t.config);
}, 60_000);

const count = async (table: 'users' | 'activities' | 'likes' | 'comments' | 'friendships' | 'photos') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo seed', () => {
  it('creates the demo users, every one with the password demo-password and a picture', async () => {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email));
    expect(users.length).toBeGreaterThanOrEqual(8);
    expect(users[0]).toMatchObject({ email: 'demo@example.com', full_name: 'Demo User' });
    expect(await verifySecret('demo-password', users[0]!.password_hash)).toBe(true);
    expect(users.every((u) => u.avatar_key)).toBe(true);
  });

  it('makes Alice and Bob friends of Demo User and links Demo User to facebook', async () => {
    const demo = await t.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const friends = await t.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select('users.email')
      .where('friendships.user_id', '=', demo.id)
      .execute();
    expect(friends.map((f) => f.email)).toEqual(expect.arrayContaining(['alice@example.com', 'bob@example.com']));
    const identity = await t.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', 'facebook')
      .where('uid', '=', 'demo-facebook-uid')
      .executeTakeFirst();
    expect(identity?.user_id).toBe(demo.id);
  });

  it('creates at least 80 activities of every kind over the last weeks, ids growing with time', async () => {
    const acts = await t.db.selectFrom('activities').selectAll().orderBy('id').execute();
    expect(acts.length).toBeGreaterThanOrEqual(80);
    const kinds = new Set(acts.map((a) => (a.is_share ? 'share' : (a.attachment_type ?? 'text'))));
    expect([...kinds]).toEqual(expect.arrayContaining(['text', 'link', 'photo', 'share']));
    for (let i = 1; i < acts.length; i++) expect(acts[i]!.created_at).toBeGreaterThanOrEqual(acts[i - 1]!.created_at);
    const span = acts.at(-1)!.created_at - acts[0]!.created_at;
    expect(span).toBeGreaterThan(14 * 86400);
    expect(await count('likes')).toBeGreaterThan(0);
    expect(await count('comments')).toBeGreaterThan(0);
  });

  it("gives Demo User notifications of every kind, the last two days' unread, none in the future", async () => {
    const demo = await t.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const token = await tokenFor(t.db, demo.id, ['activities']);
    const list: Array<{ type: string; comment_id?: number; timestamp: number; is_read: boolean }> = [];
    for (let page = 1; page < 10; page++) {
      const data = (await get(t, token, '/api/v1/activities/notifications', { page, limit: 50 })).body.data;
      list.push(...data);
      if (data.length < 50) break;
    }
    const kinds = new Set(list.map((n) => (n.type === 'like' && n.comment_id ? 'like of a comment' : n.type)));
    expect([...kinds].sort()).toEqual(['comment', 'event_invite', 'event_request', 'like', 'like of a comment', 'share', 'tag']);
    const t0 = Math.floor(Date.now() / 1000);
    expect(list.every((n) => n.timestamp <= t0)).toBe(true);
    // Read up to a moment two days before seeding: every read one is older than every unread one.
    const read = list.filter((n) => n.is_read).map((n) => n.timestamp);
    const fresh = list.filter((n) => !n.is_read).map((n) => n.timestamp);
    expect(Math.max(...read)).toBeLessThan(Math.min(...fresh));
    expect(Math.min(...fresh)).toBeGreaterThan(t0 - 2 * 86400 - 3600);
    const unread = (await get(t, token, '/api/v1/activities/updates')).body.data.notification_count;
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBe(list.filter((n) => !n.is_read).length);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await Promise.all([count('users'), count('activities'), count('photos'), count('friendships')]);
    const res = await seedDemo(t.db, t.config);
    expect(res.created).toBe(false);
    expect(await Promise.all([count('users'), count('activities'), count('photos'), count('friendships')])).toEqual(before);
  });

  it('--scale adds exactly N activities spread over the users', async () => {
    const before = await count('activities');
    await seedScale(t.db, 1200);
    expect(await count('activities')).toBe(before + 1200);
    const owners = await t.db.selectFrom('activities').select('owner_id').distinct().execute();
    expect(owners.length).toBe(DEMO_USERS.length);
  });
});
