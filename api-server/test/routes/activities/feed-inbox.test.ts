import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_INBOX_FRIENDS } from '../../../src/db/migration-039-feed-inbox.ts';
import { endFriendship } from '../../../src/domain/friendships.ts';
import { now } from '../../../src/db/index.ts';
import { type Answer, befriend, createUser, tokenFor } from '../../helpers.ts';
import { secondInstance, setupApi } from '../../fixture.ts';
import { dialectOf } from '../../../src/db/dialect.ts';
import { get, insertActivity } from '../fixtures.ts';
import { addToGroup, makeGroup } from '../groups/group-fixtures.ts';

// The feed written ahead (migration 039): a member with FEED_INBOX_FRIENDS friends or more reads
// their friends' posts from a kept inbox. What they read must be what the feed read on demand
// gives, and stay so as posts, friendships and privacy change.

const FEED = '/api/v1/activities';
const t = setupApi();
let reader: number, friend: number, last: number, stranger: number;
let readerToken: string;
const ids: Record<string, number> = {};
let hiddenGroup: number;

/** Members written straight to the table (hundreds of them: the helper hashes a password for each). */
async function members(n: number, tag: string): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `${tag}${i}@inbox.example`,
    password_hash: 'x',
    full_name: `${tag} ${i}`,
    user_name: `${tag}_${i}`,
    gender: '',
    country_iso: 'US',
    joined: now(),
  }));
  return (await t.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
}

const groupPost = async (owner: number, groupId: number) =>
  (
    await t.db
      .insertInto('activities')
      .values({
        owner_id: owner,
        subject_type: 'group',
        subject_id: groupId,
        content: 'in the group',
        auth_view: 'everyone',
        is_share: 0,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** The reader's whole feed, page by page (10 a page, by maxid), as the web client reads it. */
async function wholeFeed(): Promise<number[]> {
  const out: number[] = [];
  for (let page = 0; page < 100; page += 1) {
    const res: Answer = await get(t, readerToken, FEED, {
      limit: 10,
      fields: 'id',
      ...(out.length ? { maxid: out[out.length - 1]! } : {}),
    });
    expect(res.status).toBe(200);
    const items = (res.body.data.items as { id: number }[]).map((i) => i.id);
    out.push(...items);
    if (res.body.data.end_of_feed || items.length === 0) return out;
  }
  throw new Error('the feed did not end');
}

/** The first statement matching `pattern` that the API sends PostgreSQL while `run` runs. */
async function statementOf(pattern: RegExp, run: () => Promise<unknown>): Promise<CompiledQuery> {
  const query = pg.Client.prototype.query;
  let seen: CompiledQuery | undefined;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === 'string' ? first : first.text;
    if (!seen && pattern.test(text)) seen = CompiledQuery.raw(text, (typeof first === 'string' ? second : first.values) ?? []);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  if (!seen) throw new Error(`no statement matched ${pattern}`);
  return seen;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const kept = async (user: number) =>
  (await t.db.selectFrom('feed_readers').select('user_id').where('user_id', '=', user).execute()).length === 1;
const inInbox = async (user: number, activity: number) =>
  (await t.db.selectFrom('feed_inbox').select('activity_id').where('reader_id', '=', user).where('activity_id', '=', activity).execute())
    .length === 1;

beforeAll(async () => {
  reader = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  last = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  readerToken = await tokenFor(t.db, reader, ['activities']);
  hiddenGroup = await makeGroup(t.db, friend, { auth_view: 'member' });
  // One friend short of the threshold: the crowd, and `friend`.
  const crowd = await members(FEED_INBOX_FRIENDS - 2, `crowd${Date.now()}`);
  const t0 = now();
  await t.db
    .insertInto('friendships')
    .values(
      crowd.flatMap((c) => [
        { user_id: reader, friend_id: c, created_at: t0 },
        { user_id: c, friend_id: reader, created_at: t0 },
      ]),
    )
    .execute();
  await befriend(t.db, reader, friend);
  for (const [i, c] of crowd.slice(0, 12).entries()) ids[`crowd${i}`] = await insertActivity(t.db, { owner: c, content: `crowd ${i}` });
  ids.friendPublic = await insertActivity(t.db, { owner: friend });
  ids.friendFriends = await insertActivity(t.db, { owner: friend, auth_view: 'owner_member' });
  ids.friendPrivate = await insertActivity(t.db, { owner: friend, auth_view: 'owner' });
  ids.friendInHiddenGroup = await groupPost(friend, hiddenGroup);
  ids.mine = await insertActivity(t.db, { owner: reader });
  ids.strangerPublic = await insertActivity(t.db, { owner: stranger });
  ids.strangerOnMyWall = await insertActivity(t.db, { owner: stranger, wall: reader, auth_view: 'owner' });
  ids.lastPublic = await insertActivity(t.db, { owner: last });
  ids.lastPrivate = await insertActivity(t.db, { owner: last, auth_view: 'owner' });
});

describe('the feed written ahead for a member with many friends', () => {
  let before: number[];

  it(`starts when the member's friends reach ${FEED_INBOX_FRIENDS}, and reads the same feed from it`, async () => {
    before = await wholeFeed();
    expect(await kept(reader)).toBe(false);
    expect(before).toContain(ids.friendFriends);
    expect(before).not.toContain(ids.friendPrivate);
    expect(before).not.toContain(ids.friendInHiddenGroup);
    expect(before).not.toContain(ids.strangerPublic);
    expect(before).toContain(ids.strangerOnMyWall);

    await befriend(t.db, reader, last);
    expect(await kept(reader)).toBe(true);
    // Every friend's post is a candidate, the private ones too: the read tests them.
    expect(await inInbox(reader, ids.friendPrivate!)).toBe(true);
    expect(await inInbox(reader, ids.lastPrivate!)).toBe(true);
    const after = await wholeFeed();
    expect(after).toEqual([...before, ids.lastPublic!].sort((a, b) => b - a));
  });

  it('pages upward (minid) through it as through the feed read on demand', async () => {
    const all = await wholeFeed();
    const oldest = all[all.length - 1]!;
    const res = await get(t, readerToken, FEED, { limit: 5, minid: oldest, fields: 'id' });
    expect(res.body.data.items.map((i: { id: number }) => i.id)).toEqual(all.slice(-6, -1));
  });

  it("takes a friend's new post at once, and lets go of a deleted one", async () => {
    const fresh = await insertActivity(t.db, { owner: friend, content: 'just now' });
    expect((await wholeFeed())[0]).toBe(fresh);
    await t.db.deleteFrom('activities').where('id', '=', fresh).execute();
    expect(await inInbox(reader, fresh)).toBe(false);
    expect(await wholeFeed()).not.toContain(fresh);
  });

  it("drops an unfriended member's posts, and takes them back with the friendship", async () => {
    const withFriend = await wholeFeed();
    expect(await endFriendship(t.db, reader, friend)).toBe(true);
    expect(await inInbox(reader, ids.friendPublic!)).toBe(false);
    const without = await wholeFeed();
    expect(without).not.toContain(ids.friendPublic);
    expect(without).not.toContain(ids.friendFriends);
    await befriend(t.db, reader, friend);
    expect(await wholeFeed()).toEqual(withFriend);
  });

  it("follows a change of privacy without a change of the inbox: a group the reader joins, a post made friends' only", async () => {
    expect(await wholeFeed()).not.toContain(ids.friendInHiddenGroup);
    await addToGroup(t.db, hiddenGroup, reader, 'member');
    expect(await wholeFeed()).toContain(ids.friendInHiddenGroup);
    await t.db.updateTable('activities').set({ auth_view: 'owner' }).where('id', '=', ids.friendFriends!).execute();
    expect(await wholeFeed()).not.toContain(ids.friendFriends);
  });

  it('takes the post a new friend makes while the friendship is being written (PostgreSQL: two writers at once)', async () => {
    // SQLite writes one transaction at a time, and its driver runs in this process: a second
    // writer would wait on the first while holding the thread the first needs to commit.
    if (dialectOf(t.db) !== 'postgres') return;
    const second = await secondInstance(t);
    try {
      const newcomer = (await createUser(t.db)).id;
      let posted: Promise<number> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await befriend(trx, reader, newcomer);
        // The newcomer posts through another connection before the friendship is committed: its
        // statement waits for the friendship's lock, then finds the friendship committed.
        posted = insertActivity(second.db, { owner: newcomer, content: 'meanwhile' });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const id = await posted!;
      expect(await inInbox(reader, id)).toBe(true);
      expect((await wholeFeed())[0]).toBe(id);
    } finally {
      await second.close();
    }
  });

  it("walks a page of the inbox in its own order, whatever the statistics say of the reader's friends (PostgreSQL)", async () => {
    if (dialectOf(t.db) !== 'postgres') return;
    // As when ANALYZE's sample misses a member with many friends: every member taken to have
    // one. An EXISTS the planner may turn into a join would then be driven from the friendships
    // (all their posts joined to the inbox and sorted, 20 ms at a million rows).
    await sql`alter table friendships alter column user_id set (n_distinct = -1)`.execute(t.db);
    await sql`analyze friendships`.execute(t.db);
    try {
      const statement = await statementOf(/"feed_inbox"/, () => get(t, readerToken, FEED, { limit: 10, fields: 'id' }));
      const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
      );
      const nodes: Array<{ node: PlanNode; inSubPlan: boolean }> = [];
      const walk = (node: PlanNode, inSubPlan: boolean) => {
        const sub = inSubPlan || node['Parent Relationship'] === 'SubPlan';
        nodes.push({ node, inSubPlan: sub });
        for (const child of node.Plans ?? []) walk(child, sub);
      };
      walk(rows[0]!['QUERY PLAN'][0].Plan, false);
      // The friendship tested for each of the inbox's rows (a subplan), never joined.
      const friendships = nodes.filter(({ node }) => node['Relation Name'] === 'friendships');
      expect(friendships.length).toBeGreaterThan(0);
      expect(friendships.filter(({ inSubPlan }) => !inSubPlan)).toEqual([]);
    } finally {
      await sql`alter table friendships alter column user_id reset (n_distinct)`.execute(t.db);
      await sql`analyze friendships`.execute(t.db);
    }
  });

  it('costs nothing for members with few friends, and goes with the member', async () => {
    // `friend` has two friends: their friends' posts are not written ahead for them.
    expect(await kept(friend)).toBe(false);
    expect(await t.db.selectFrom('feed_inbox').select('activity_id').where('reader_id', '=', friend).execute()).toEqual([]);
    await t.db.deleteFrom('users').where('id', '=', reader).execute();
    expect(await kept(reader)).toBe(false);
    expect(await t.db.selectFrom('feed_inbox').select('activity_id').where('reader_id', '=', reader).execute()).toEqual([]);
  });
});
