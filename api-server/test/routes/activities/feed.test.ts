import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertActivity } from '../fixtures.ts';

const FEED = '/api/v1/activities';

const t = setupApi();
let me: number, friend: number, stranger: number;
let meToken: string, strangerToken: string, clientToken: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  me = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  stranger = (await createUser(t.db)).id;
  await befriend(t.db, me, friend);
  meToken = await tokenFor(t.db, me, ['activities']);
  strangerToken = await tokenFor(t.db, stranger, ['activities']);
  clientToken = await tokenFor(t.db, null, ['activities']);
  ids.mine = await insertActivity(t.db, { owner: me });
  ids.mineOnlyMe = await insertActivity(t.db, { owner: me, auth_view: 'owner' });
  ids.friendPublic = await insertActivity(t.db, { owner: friend });
  ids.friendRegistered = await insertActivity(t.db, { owner: friend, auth_view: 'registered' });
  ids.friendFriends = await insertActivity(t.db, { owner: friend, auth_view: 'owner_member' });
  ids.friendPrivate = await insertActivity(t.db, { owner: friend, auth_view: 'owner' });
  ids.strangerPublic = await insertActivity(t.db, { owner: stranger });
  ids.strangerOnMyWall = await insertActivity(t.db, { owner: stranger, wall: me, auth_view: 'owner' });
  ids.friendOnStrangerWall = await insertActivity(t.db, { owner: friend, wall: stranger });
  ids.meOnFriendWall = await insertActivity(t.db, { owner: me, wall: friend, auth_view: 'owner_member' });
});

const idsOf = (body: Answer['body']): number[] => body.data.items.map((i: { id: number }) => i.id);

describe("GET /activities: the reader's feed", () => {
  it("holds what the reader and friends posted, and posts on the reader's wall, newest first", async () => {
    const res = await get(t, meToken, FEED);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([
      ids.meOnFriendWall,
      ids.friendOnStrangerWall,
      ids.strangerOnMyWall,
      ids.friendFriends,
      ids.friendRegistered,
      ids.friendPublic,
      ids.mineOnlyMe,
      ids.mine,
    ]);
  });

  it("leaves out a friend's owner-only posts and strangers' posts elsewhere", async () => {
    const seen = idsOf((await get(t, meToken, FEED)).body);
    expect(seen).not.toContain(ids.friendPrivate);
    expect(seen).not.toContain(ids.strangerPublic);
  });

  it('gives a client-credentials token every activity whose privacy is everyone', async () => {
    const res = await get(t, clientToken, FEED);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.friendOnStrangerWall, ids.strangerPublic, ids.friendPublic, ids.mine]);
  });

  it('answers count, next_id, first_id and end_of_feed with the items', async () => {
    const res = await get(t, meToken, FEED);
    expect(res.body.data).toMatchObject({ count: 8, next_id: ids.mine, first_id: ids.meOnFriendWall, end_of_feed: true });
  });
});

describe("GET /activities?subject_type=user&subject_id=N: a user's wall", () => {
  it("holds what N posted anywhere and what was posted on N's wall, as a friend may see it", async () => {
    const res = await get(t, meToken, FEED, { subject_type: 'user', subject_id: friend });
    expect(idsOf(res.body)).toEqual([
      ids.meOnFriendWall,
      ids.friendOnStrangerWall,
      ids.friendFriends,
      ids.friendRegistered,
      ids.friendPublic,
    ]);
  });

  it('shows a stranger only what everyone or registered users may see', async () => {
    const res = await get(t, strangerToken, FEED, { subject_type: 'user', subject_id: friend });
    expect(idsOf(res.body)).toEqual([ids.friendOnStrangerWall, ids.friendRegistered, ids.friendPublic]);
  });

  it('shows the wall owner what others posted on it, whatever its privacy', async () => {
    const res = await get(t, meToken, FEED, { subject_type: 'user', subject_id: me });
    expect(idsOf(res.body)).toEqual([ids.meOnFriendWall, ids.strangerOnMyWall, ids.mineOnlyMe, ids.mine]);
  });

  it('shows a client-credentials token only what everyone may see', async () => {
    const res = await get(t, clientToken, FEED, { subject_type: 'user', subject_id: friend });
    expect(idsOf(res.body)).toEqual([ids.friendOnStrangerWall, ids.friendPublic]);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await get(t, meToken, FEED, { subject_type: 'user', subject_id: 999999 });
    expect(res.status).toBe(404);
    expect(res.body.data.error_text).toBe('not_found');
  });

  it('answers 400 for a subject type other than user or group', async () => {
    const res = await get(t, meToken, FEED, { subject_type: 'blog', subject_id: 1 });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'subject_type', error_text: 'invalid_parameter' })]);
  });

  it('answers 400 missing_parameter when subject_type comes without subject_id', async () => {
    const res = await get(t, meToken, FEED, { subject_type: 'user' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'subject_id', error_text: 'missing_parameter' })]);
  });
});

describe('GET /activities: fields', () => {
  it('returns only the fields asked for', async () => {
    const res = await get(t, meToken, FEED, { fields: 'id,timestamp' });
    expect(res.status).toBe(200);
    for (const item of res.body.data.items) expect(Object.keys(item).sort()).toEqual(['id', 'timestamp']);
  });

  it('returns every allowed field without fields', async () => {
    const res = await get(t, meToken, FEED, { limit: 1 });
    expect(Object.keys(res.body.data.items[0]).sort()).toEqual([
      'attachments',
      'can_comment',
      'can_delete',
      'can_like',
      'can_share',
      'comments',
      'content',
      'id',
      'is_liked',
      'owner',
      'timestamp',
      'total_comment',
      'total_like',
      'user_liked',
    ]);
  });

  it('answers 400 naming fields when an unknown field is asked for', async () => {
    const res = await get(t, meToken, FEED, { fields: 'id,password' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('invalid_parameters');
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'fields', error_text: 'invalid_parameter' });
    expect(res.body.data.error_params[0].message).toContain('password');
  });

  it('answers 400 for a non-numeric limit or maxid, naming each', async () => {
    const res = await get(t, meToken, FEED, { limit: 'ten', maxid: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'maxid']);
  });

  it('answers 400 for numbers too large to be finite, naming each', async () => {
    const res = await get(t, meToken, FEED, { limit: '1e400', maxid: '1e400', minid: 'Infinity' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'maxid', 'minid']);
  });
});

describe('GET /activities: paging by id', () => {
  const pt = setupApi();
  let token: string;
  let all: number[]; // the pager's feed, newest first
  beforeAll(async () => {
    const pager = (await createUser(pt.db)).id;
    const other = (await createUser(pt.db)).id;
    token = await tokenFor(pt.db, pager, ['activities']);
    all = [];
    for (let i = 0; i < 70; i++) {
      all.push(await insertActivity(pt.db, { owner: pager, content: `post ${i}` }));
      // Someone else's posts leave gaps in the ids of the pager's feed.
      if (i % 3 === 0) await insertActivity(pt.db, { owner: other });
    }
    all.reverse();
  });

  it('gives 15 items by default', async () => {
    const res = await get(pt, token, FEED, { fields: 'id' });
    expect(idsOf(res.body)).toEqual(all.slice(0, 15));
    expect(res.body.data).toMatchObject({ count: 15, first_id: all[0], next_id: all[14], end_of_feed: false });
  });

  it('clamps limit 0 to 1 and limit 500 to 50', async () => {
    expect((await get(pt, token, FEED, { limit: 0, fields: 'id' })).body.data.count).toBe(1);
    expect((await get(pt, token, FEED, { limit: 500, fields: 'id' })).body.data.count).toBe(50);
  });

  it('treats maxid as an exclusive upper bound', async () => {
    const res = await get(pt, token, FEED, { maxid: all[10]!, limit: 5, fields: 'id' });
    expect(idsOf(res.body)).toEqual(all.slice(11, 16));
  });

  it('with minid gives the items just above it, exclusive, still newest first', async () => {
    const res = await get(pt, token, FEED, { minid: all[40]!, limit: 5, fields: 'id' });
    expect(idsOf(res.body)).toEqual(all.slice(35, 40));
    expect(res.body.data).toMatchObject({ first_id: all[35], next_id: all[39], end_of_feed: false });
  });

  it('walks upward with first_id as minid without gaps or duplicates', async () => {
    const seen: number[] = [];
    let minid = all[all.length - 1]! - 1; // just below the oldest
    for (let i = 0; i < 20; i++) {
      const res = await get(pt, token, FEED, { minid, limit: 7, fields: 'id' });
      if (res.body.data.count === 0) {
        expect(res.body.data.first_id).toBe(minid); // echoed so the client can keep polling
        break;
      }
      seen.unshift(...idsOf(res.body));
      minid = res.body.data.first_id;
    }
    expect(seen).toEqual(all);
  });

  it('walks the whole feed by next_id without gaps or duplicates, ending with end_of_feed', async () => {
    const seen: number[] = [];
    let maxid: number | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await get(pt, token, FEED, { limit: 15, fields: 'id', ...(maxid ? { maxid } : {}) });
      seen.push(...idsOf(res.body));
      if (res.body.data.end_of_feed) break;
      maxid = res.body.data.next_id;
    }
    expect(seen).toEqual(all);
  });

  it('says end_of_feed exactly when nothing older remains', async () => {
    const last = await get(pt, token, FEED, { maxid: all[59]!, limit: 10, fields: 'id' });
    expect(last.body.data).toMatchObject({ count: 10, end_of_feed: true });
    const before = await get(pt, token, FEED, { maxid: all[58]!, limit: 10, fields: 'id' });
    expect(before.body.data).toMatchObject({ count: 10, end_of_feed: false });
  });

  it('answers an empty page past the end with next_id 0 and end_of_feed', async () => {
    const res = await get(pt, token, FEED, { maxid: all[69]!, fields: 'id' });
    expect(res.body.data).toEqual({ count: 0, next_id: 0, first_id: 0, end_of_feed: true, items: [] });
  });

  it('answers an empty page above the newest item echoing minid', async () => {
    const res = await get(pt, token, FEED, { minid: all[0]!, fields: 'id' });
    expect(res.body.data).toEqual({ count: 0, next_id: 0, first_id: all[0], end_of_feed: false, items: [] });
  });

  it('treats maxid=0 as no bound', async () => {
    const res = await get(pt, token, FEED, { maxid: 0, limit: 3, fields: 'id' });
    expect(idsOf(res.body)).toEqual(all.slice(0, 3));
  });

  it('with both bounds keeps to the window between them', async () => {
    const res = await get(pt, token, FEED, { minid: all[20]!, maxid: all[15]!, limit: 50, fields: 'id' });
    expect(idsOf(res.body)).toEqual(all.slice(16, 20));
  });
});
