import { describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import type { NotificationKind } from '../../../src/db/types.ts';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertActivity, insertBlog, post } from '../fixtures.ts';

const GROUPS = '/api/v1/activities/notifications/groups';
const LIST = '/api/v1/activities/notifications';
const SEEN = '/api/v1/activities/notifications/seen';
const READ = '/api/v1/activities/notifications/read';
const UPDATES = '/api/v1/activities/updates';

const t = setupApi();

interface Group {
  group_key: string;
  type: string;
  notifications_count: number;
  owners_count: number;
  sample_owners: Array<{ id: number; title: string }>;
  most_recent_notification_id: number;
  item: { type: string; id: number; title: string };
  comment_id?: number;
  timestamp: number;
  is_read: boolean;
  is_seen: boolean;
}

const groups = async (m: Member, query: Record<string, string | number> = {}) => {
  const res = await get(t, m.token, GROUPS, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Group[];
};
const count = async (m: Member) => (await get(t, m.token, UPDATES)).body.data.notification_count as number;

/** A notification written straight to the database, at a time of the test's choosing. */
async function notice(n: { user: number; actor: number; kind?: NotificationKind; itemType: string; itemId: number; at: number }) {
  const row = await t.db
    .insertInto('notifications')
    .values({ user_id: n.user, actor_id: n.actor, kind: n.kind ?? 'like', item_type: n.itemType, item_id: n.itemId, created_at: n.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every page of groups, following most_recent_notification_id as the cursor. */
async function allPages(m: Member, query: Record<string, string | number>) {
  const pages: Group[][] = [];
  let before: number | undefined;
  for (;;) {
    const page = await groups(m, { ...query, ...(before ? { before_id: before } : {}) });
    if (page.length === 0) return pages;
    pages.push(page);
    before = page.at(-1)!.most_recent_notification_id;
    expect(pages.length).toBeLessThan(100);
  }
}

/** Seconds since the epoch of a UTC time. */
const utc = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;

describe('GET /activities/notifications/groups', () => {
  it('a day of 270 likes (30 posts liked by 9 members each, interleaved) pages into whole groups: each post once, with all 9 people', async () => {
    const me = await createMember(t.db, 'Popular Poster');
    const fans: Member[] = [];
    for (let i = 0; i < 9; i++) fans.push(await createMember(t.db, `Fan ${i}`));
    const posts: number[] = [];
    for (let i = 0; i < 30; i++) posts.push(await insertActivity(t.db, { owner: me.id, content: `Post ${i}` }));
    // Each fan goes through every post in turn, a minute apart, all on one day: read by
    // notification, any window of 50 holds parts of many posts' groups.
    const start = utc(2026, 3, 10, 6);
    let minute = 0;
    for (const fan of fans)
      for (const p of posts) await notice({ user: me.id, actor: fan.id, itemType: 'activity', itemId: p, at: start + 60 * minute++ });
    // A comment among them stays a group of its own.
    await notice({ user: me.id, actor: fans[0]!.id, kind: 'comment', itemType: 'activity', itemId: posts[0]!, at: start + 120 });

    for (const limit of [7, 10, 50]) {
      const pages = await allPages(me, { limit });
      const seen = pages.flat();
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      // Every group once, whole: 30 like groups of 9 notifications by 9 people, and the comment.
      expect(new Set(seen.map((g) => g.group_key)).size).toBe(seen.length);
      expect(seen).toHaveLength(31);
      const likes = seen.filter((g) => g.type === 'like');
      expect(likes.map((g) => g.item.id).sort((a, b) => a - b)).toEqual([...posts].sort((a, b) => a - b));
      for (const g of likes) {
        expect([g.notifications_count, g.owners_count]).toEqual([9, 9]);
        // The latest 8 people, newest first: the fans in reverse, less the first.
        expect(g.sample_owners.map((o) => o.id)).toEqual(
          fans
            .map((f) => f.id)
            .reverse()
            .slice(0, 8),
        );
      }
      expect(likes.reduce((n, g) => n + g.notifications_count, 0)).toBe(270);
      // Newest first: each group where its latest notification stands.
      expect(seen.map((g) => g.timestamp)).toEqual([...seen.map((g) => g.timestamp)].sort((a, b) => b - a));
    }
    // The ungrouped list is unchanged: every notification on its own.
    expect(await get(t, me.token, LIST, { limit: 50 }).then((r) => r.body.data.length)).toBe(50);
  });

  it('groups likes and shares of one thing on one day of the reader’s zone; comments, and a liked comment apart from its item', async () => {
    const me = await createMember(t.db, 'Mo Me');
    const alice = await createMember(t.db, 'Alice A');
    const bob = await createMember(t.db, 'Bob B');
    const blog = await insertBlog(t.db, me.id, { title: 'Walks' });
    const comment = (await post(t, me.token, '/api/v1/core/comments', { item_type: 'blog', item_id: blog, body: 'Mine' })).body.data
      .id as number;
    await t.db.deleteFrom('notifications').where('user_id', '=', me.id).execute();
    const like = (actor: Member, at: number, kind: NotificationKind = 'like') =>
      notice({ user: me.id, actor: actor.id, kind, itemType: 'blog', itemId: blog, at });
    // 04:00 UTC on the 26th is 23:00 on the 25th in New York; 06:00 is 01:00 on the 26th there.
    const a1 = await like(alice, utc(2026, 11, 26, 4));
    const b1 = await like(bob, utc(2026, 11, 26, 6));
    const s1 = await like(alice, utc(2026, 11, 26, 7), 'share');
    const c1 = await notice({ user: me.id, actor: bob.id, itemType: 'comment', itemId: comment, at: utc(2026, 11, 26, 8) });
    const k1 = await like(alice, utc(2026, 11, 26, 9), 'comment');
    const k2 = await like(bob, utc(2026, 11, 26, 10), 'comment');

    const inUtc = await groups(me);
    expect(inUtc.map((g) => [g.group_key, g.most_recent_notification_id, g.notifications_count])).toEqual([
      [`ungrouped-${k2}`, k2, 1],
      [`ungrouped-${k1}`, k1, 1],
      [`like-comment-${comment}-2026-11-26`, c1, 1],
      [`share-blog-${blog}-2026-11-26`, s1, 1],
      [`like-blog-${blog}-2026-11-26`, b1, 2],
    ]);
    const walks = inUtc.at(-1)!;
    expect(walks).toMatchObject({
      type: 'like',
      owners_count: 2,
      sample_owners: [
        toOwnerSummary(t.config, { id: bob.id, full_name: 'Bob B', avatar_key: null }),
        toOwnerSummary(t.config, { id: alice.id, full_name: 'Alice A', avatar_key: null }),
      ],
      item: { type: 'blog', id: blog, title: 'Walks' },
      timestamp: utc(2026, 11, 26, 6),
      is_read: false,
      is_seen: false,
    });
    expect(inUtc[2]).toMatchObject({ type: 'like', item: { type: 'blog', id: blog }, comment_id: comment });

    // In New York the two likes fall on two days.
    const inNewYork = await groups(me, { tz: 'America/New_York', types: 'like' });
    expect(inNewYork.map((g) => [g.group_key, g.most_recent_notification_id])).toEqual([
      [`like-comment-${comment}-2026-11-26`, c1],
      [`like-blog-${blog}-2026-11-26`, b1],
      [`like-blog-${blog}-2026-11-25`, a1],
    ]);
  });

  it('leaves out groups whose item is hidden from the reader, and pages stay full', async () => {
    const me = await createMember(t.db);
    const alice = await createMember(t.db);
    const at = now() - 1000;
    const open1 = await insertBlog(t.db, me.id);
    const hidden = await insertBlog(t.db, alice.id, { auth_view: 'owner' });
    const open2 = await insertBlog(t.db, me.id);
    await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: open1, at });
    await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: hidden, at: at + 1 });
    await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: 999_999, at: at + 2 });
    await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: open2, at: at + 3 });
    expect((await groups(me, { limit: 2 })).map((g) => g.item.id)).toEqual([open2, open1]);
  });

  it('refuses an unknown type, a before_id that is not the reader’s and an unknown tz (400 naming it)', async () => {
    const me = await createMember(t.db);
    const other = await createMember(t.db);
    const blog = await insertBlog(t.db, other.id);
    const theirs = await notice({ user: other.id, actor: me.id, itemType: 'blog', itemId: blog, at: now() });
    for (const [query, name] of [
      [{ types: 'like,poke' }, 'types'],
      [{ before_id: theirs }, 'before_id'],
      [{ tz: 'Mars/Olympus' }, 'tz'],
    ] as const) {
      const res = await get(t, me.token, GROUPS, query);
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0].name).toBe(name);
    }
  });

  it('answers 401 without a token, 403 insufficient_scope without the activities scope, 403 to a client-credentials token', async () => {
    const me = await createMember(t.db);
    expect((await get(t, null, GROUPS)).status).toBe(401);
    const basic = await get(t, await tokenFor(t.db, me.id, ['basic']), GROUPS);
    expect([basic.status, basic.body.data.error_text]).toEqual([403, 'insufficient_scope']);
    const client = await get(t, await tokenFor(t.db, null), GROUPS);
    expect([client.status, client.body.data.error_text]).toEqual([403, 'forbidden']);
  });
});

describe('POST /activities/notifications/read with group_key (a row opened)', () => {
  it('marks read that group only, its day in the zone it was listed in; a key no group has is 400 naming group_key', async () => {
    const me = await createMember(t.db);
    const fans = [await createMember(t.db), await createMember(t.db)];
    const blog = await insertBlog(t.db, me.id);
    const other = await insertBlog(t.db, me.id);
    const like = (fan: Member, itemId: number, at: number) => notice({ user: me.id, actor: fan.id, itemType: 'blog', itemId, at });
    // In New York: two likes of the blog late on the 25th, one on the 26th, and one of the other blog.
    await like(fans[0]!, blog, utc(2026, 11, 26, 1));
    await like(fans[1]!, blog, utc(2026, 11, 26, 3));
    await like(fans[0]!, blog, utc(2026, 11, 26, 6));
    const single = await notice({
      user: me.id,
      actor: fans[1]!.id,
      kind: 'comment',
      itemType: 'blog',
      itemId: other,
      at: utc(2026, 11, 26, 7),
    });
    const tz = 'America/New_York';
    const before = await groups(me, { tz });
    expect(before.map((g) => [g.group_key, g.notifications_count, g.is_read])).toEqual([
      [`ungrouped-${single}`, 1, false],
      [`like-blog-${blog}-2026-11-26`, 1, false],
      [`like-blog-${blog}-2026-11-25`, 2, false],
    ]);
    expect(await count(me)).toBe(4);

    expect((await post(t, me.token, READ, { group_key: `like-blog-${blog}-2026-11-25`, tz })).status).toBe(200);
    expect((await groups(me, { tz })).map((g) => g.is_read)).toEqual([false, false, true]);
    expect(await count(me)).toBe(2);
    expect((await post(t, me.token, READ, { group_key: `ungrouped-${single}`, tz })).status).toBe(200);
    expect((await groups(me, { tz })).map((g) => g.is_read)).toEqual([true, false, true]);
    expect(await count(me)).toBe(1);

    for (const key of ['like-blog-1-2026-02-30', 'poke-blog-1-2026-11-25', 'ungrouped-x', `like-blog-${blog}`]) {
      const res = await post(t, me.token, READ, { group_key: key });
      expect(res.status, key).toBe(400);
      expect(res.body.data.error_params[0].name).toBe('group_key');
    }
    expect((await post(t, me.token, READ, { group_key: `ungrouped-${single}`, tz: 'Nowhere/Else' })).body.data.error_params[0].name).toBe(
      'tz',
    );
    expect(await count(me)).toBe(1);
  });
});

describe('POST /activities/notifications/seen', () => {
  it('takes what was shown out of the count, leaving it unread (new) in the list until it is read', async () => {
    const me = await createMember(t.db);
    const alice = await createMember(t.db);
    const blog = await insertBlog(t.db, me.id);
    const at = now() - 100;
    const a = await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: blog, at });
    const b = await notice({ user: me.id, actor: alice.id, kind: 'comment', itemType: 'blog', itemId: blog, at: at + 1 });
    expect(await count(me)).toBe(2);

    expect((await post(t, me.token, SEEN, { max_id: a })).status).toBe(200);
    expect(await count(me)).toBe(1);
    const after = await groups(me);
    expect(after.map((g) => [g.most_recent_notification_id, g.is_seen, g.is_read])).toEqual([
      [b, false, false],
      [a, true, false],
    ]);
    expect((await get(t, me.token, LIST)).body.data.map((n: { is_read: boolean }) => n.is_read)).toEqual([false, false]);

    // A newer one counts too; marking all seen clears the count; reading keeps it clear.
    const c = await notice({ user: me.id, actor: alice.id, kind: 'comment', itemType: 'blog', itemId: blog, at: at + 2 });
    expect(await count(me)).toBe(2);
    expect((await post(t, me.token, SEEN)).status).toBe(200);
    expect(await count(me)).toBe(0);
    expect((await groups(me)).every((g) => g.is_seen && !g.is_read)).toBe(true);
    await post(t, me.token, READ, { max_id: c });
    expect(await count(me)).toBe(0);
    expect((await groups(me)).every((g) => g.is_seen && g.is_read)).toBe(true);
  });

  it('a group is seen only when all of it is, and another reader’s marks are their own', async () => {
    const me = await createMember(t.db);
    const other = await createMember(t.db);
    const fans = [await createMember(t.db), await createMember(t.db)];
    const blog = await insertBlog(t.db, me.id);
    const theirs = await insertBlog(t.db, other.id);
    const at = now() - 100;
    const first = await notice({ user: me.id, actor: fans[0]!.id, itemType: 'blog', itemId: blog, at });
    await notice({ user: me.id, actor: fans[1]!.id, itemType: 'blog', itemId: blog, at: at + 1 });
    await notice({ user: other.id, actor: fans[0]!.id, itemType: 'blog', itemId: theirs, at });
    await post(t, me.token, SEEN, { max_id: first });
    expect((await groups(me)).map((g) => [g.notifications_count, g.is_seen])).toEqual([[2, false]]);
    expect(await count(me)).toBe(1);
    await post(t, me.token, SEEN);
    expect(await count(other)).toBe(1);
  });

  it('answers 401 without a token, 403 without the activities scope or to a client-credentials token, marking nothing', async () => {
    const me = await createMember(t.db);
    const alice = await createMember(t.db);
    await notice({ user: me.id, actor: alice.id, itemType: 'blog', itemId: await insertBlog(t.db, me.id), at: now() });
    expect((await post(t, null, SEEN)).status).toBe(401);
    expect((await post(t, await tokenFor(t.db, me.id, ['basic']), SEEN)).status).toBe(403);
    expect((await post(t, await tokenFor(t.db, null), SEEN)).status).toBe(403);
    expect(await count(me)).toBe(1);
  });
});
