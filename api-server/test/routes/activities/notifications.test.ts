import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import type { NotificationKind } from '../../../src/db/types.ts';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertEvent, insertPhoto, post, tagMember } from '../fixtures.ts';

const LIST = '/api/v1/activities/notifications';
const READ = '/api/v1/activities/notifications/read';
const UPDATES = '/api/v1/activities/updates';

const t = setupApi();

interface Person {
  id: number;
  name: string;
  token: string;
}
async function person(fullName?: string): Promise<Person> {
  const u = await createUser(t.db, fullName ? { full_name: fullName } : {});
  return { id: u.id, name: u.name, token: await tokenFor(t.db, u.id) };
}

/** The owner summary of a user without a picture, as every endpoint shows it. */
const summary = (p: Person) => toOwnerSummary(t.config, { id: p.id, full_name: p.name, avatar_key: null });

const list = async (p: Person, query: Record<string, string | number> = {}) => {
  const res = await get(t, p.token, LIST, query);
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    id: number;
    type: string;
    item: { type: string; id: number; title: string };
    comment_id?: number;
    timestamp: number;
    is_read: boolean;
  }>;
};
const unread = async (p: Person) => (await get(t, p.token, UPDATES)).body.data.notification_count as number;

/** A notification written straight to the database (for paging and for items that vanished). */
async function insertNotification(n: {
  user: number;
  actor: number;
  kind?: NotificationKind;
  itemType: string;
  itemId: number;
  at?: number;
}): Promise<number> {
  const row = await t.db
    .insertInto('notifications')
    .values({
      user_id: n.user,
      actor_id: n.actor,
      kind: n.kind ?? 'like',
      item_type: n.itemType,
      item_id: n.itemId,
      created_at: n.at ?? now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /activities/notifications', () => {
  it('lists every kind newest first: who did it, what it is about, when, and whether it was read', async () => {
    const me = await person('Mo Me');
    const alice = await person('Alice A');
    const bob = await person('Bob B');
    await befriend(t.db, me.id, alice.id);

    const blog = await insertBlog(t.db, me.id);
    await post(t, alice.token, '/api/v1/core/likes', { item_type: 'blog', item_id: blog });
    // A like of my comment on Bob's photo is about Bob's photo, naming the comment.
    const bobsPhoto = await insertPhoto(t.db, bob.id, await insertAlbum(t.db, bob.id), 'Harbour');
    const mine = (await post(t, me.token, '/api/v1/core/comments', { item_type: 'photo', item_id: bobsPhoto, body: 'Lovely' })).body.data
      .id;
    await post(t, alice.token, '/api/v1/core/likes', { item_type: 'photo', item_id: bobsPhoto, comment_id: mine });
    const myPhoto = await insertPhoto(t.db, me.id, await insertAlbum(t.db, me.id), 'Sunset');
    const bobsComment = (await post(t, bob.token, '/api/v1/core/comments', { item_type: 'photo', item_id: myPhoto, body: 'Nice' })).body
      .data.id;
    const activity = await insertActivity(t.db, { owner: me.id, content: 'Off to the <b>lake</b> &amp; back' });
    await post(t, bob.token, '/api/v1/activities/share', { item_type: 'activity', item_id: activity });
    const alicesPhoto = await insertPhoto(t.db, alice.id, await insertAlbum(t.db, alice.id), 'Picnic blanket');
    expect((await tagMember(t, alice.token, alicesPhoto, me.id)).status).toBe(200);
    const party = await insertEvent(t.db, alice.id);
    expect((await post(t, alice.token, `/api/v1/events/${party}/invite`, { user_ids: String(me.id) })).status).toBe(200);
    const picnic = await insertEvent(t.db, me.id);
    await t.db.updateTable('events').set({ title: 'Picnic', approval: 1 }).where('id', '=', picnic).execute();
    expect((await post(t, bob.token, `/api/v1/events/${picnic}/request`)).status).toBe(200);

    const before = now();
    const res = await get(t, me.token, LIST);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const ids = (await t.db.selectFrom('notifications').select('id').where('user_id', '=', me.id).orderBy('id', 'desc').execute()).map(
      (r) => r.id,
    );
    const at = { timestamp: expect.any(Number), is_read: false };
    expect(res.body.data).toEqual([
      {
        id: ids[0],
        type: 'event_request',
        owner: summary(bob),
        item: { type: 'event', id: picnic, title: 'Picnic' },
        ...at,
        is_pending: true,
      },
      {
        id: ids[1],
        type: 'event_invite',
        owner: summary(alice),
        item: { type: 'event', id: party, title: 'Party' },
        ...at,
        rsvp: 'awaiting_reply',
      },
      { id: ids[2], type: 'tag', owner: summary(alice), item: { type: 'photo', id: alicesPhoto, title: 'Picnic blanket' }, ...at },
      { id: ids[3], type: 'share', owner: summary(bob), item: { type: 'activity', id: activity, title: 'Off to the lake & back' }, ...at },
      {
        id: ids[4],
        type: 'comment',
        owner: summary(bob),
        item: { type: 'photo', id: myPhoto, title: 'Sunset' },
        comment_id: bobsComment,
        ...at,
      },
      {
        id: ids[5],
        type: 'like',
        owner: summary(alice),
        item: { type: 'photo', id: bobsPhoto, title: 'Harbour' },
        comment_id: mine,
        ...at,
      },
      { id: ids[6], type: 'like', owner: summary(alice), item: { type: 'blog', id: blog, title: 'My blog' }, ...at },
    ]);
    for (const n of res.body.data) expect(Math.abs(n.timestamp - before)).toBeLessThanOrEqual(5);
  });

  it('orders by time, newest first, and by id within the same second', async () => {
    const me = await person();
    const other = await person();
    const blog = await insertBlog(t.db, me.id);
    const t0 = now() - 1000;
    const old = await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: t0 - 50 });
    const a = await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: t0 });
    const b = await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: t0 });
    const older = await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: t0 - 100 });
    expect((await list(me)).map((n) => [n.id, n.timestamp])).toEqual([
      [b, t0],
      [a, t0],
      [old, t0 - 50],
      [older, t0 - 100],
    ]);
  });

  it('gives an activity, which has no title, an excerpt of its text: at most 100 characters, cut on a word', async () => {
    const me = await person();
    const other = await person();
    const words = 'Three days of hiking with zero phone signal made this the best week of the year by a long way, truly.';
    const long = await insertActivity(t.db, { owner: me.id, content: `${words} And then some more words after that.` });
    const empty = await insertActivity(t.db, { owner: me.id, content: '' });
    await post(t, other.token, '/api/v1/activities/share', { item_type: 'activity', item_id: long });
    await post(t, other.token, '/api/v1/core/likes', { item_type: 'activity', item_id: empty });
    const [liked, shared] = await list(me);
    expect(liked!.item).toEqual({ type: 'activity', id: empty, title: '' });
    expect(shared!.item).toEqual({
      type: 'activity',
      id: long,
      title: 'Three days of hiking with zero phone signal made this the best week of the year by a long way…',
    });
  });

  it('leaves out notifications whose item is gone or hidden from the reader, and pages stay full', async () => {
    const me = await person();
    const alice = await person();
    await befriend(t.db, me.id, alice.id);
    const blog = await insertBlog(t.db, me.id);
    const seen1 = await insertNotification({ user: me.id, actor: alice.id, itemType: 'blog', itemId: blog });
    // A tag on a photo whose album then becomes Alice's alone.
    const album = await insertAlbum(t.db, alice.id);
    const photo = await insertPhoto(t.db, alice.id, album);
    await tagMember(t, alice.token, photo, me.id);
    await t.db.updateTable('albums').set({ auth_view: 'owner' }).where('id', '=', album).execute();
    const seen2 = await insertNotification({ user: me.id, actor: alice.id, itemType: 'blog', itemId: blog });
    // A like of my comment on a blog that became its owner's alone.
    const alicesBlog = await insertBlog(t.db, alice.id);
    const comment = (await post(t, me.token, '/api/v1/core/comments', { item_type: 'blog', item_id: alicesBlog, body: 'Hi' })).body.data.id;
    const other = await person();
    await post(t, other.token, '/api/v1/core/likes', { item_type: 'blog', item_id: alicesBlog, comment_id: comment });
    await t.db.updateTable('blogs').set({ auth_view: 'owner' }).where('id', '=', alicesBlog).execute();
    // Items that no longer exist (a blog, an event, a comment).
    await insertNotification({ user: me.id, actor: alice.id, itemType: 'blog', itemId: 999_999 });
    await insertNotification({ user: me.id, actor: alice.id, kind: 'event_invite', itemType: 'event', itemId: 999_999 });
    await insertNotification({ user: me.id, actor: alice.id, itemType: 'comment', itemId: 999_999 });
    const seen3 = await insertNotification({ user: me.id, actor: alice.id, itemType: 'blog', itemId: blog });

    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', me.id).execute()).toHaveLength(8);
    expect((await list(me)).map((n) => n.id)).toEqual([seen3, seen2, seen1]);
    expect((await list(me, { limit: 2, page: 1 })).map((n) => n.id)).toEqual([seen3, seen2]);
    expect((await list(me, { limit: 2, page: 2 })).map((n) => n.id)).toEqual([seen1]);
    expect(await list(me, { limit: 2, page: 3 })).toEqual([]);
    expect((await list(me, { limit: 1, page: 2 })).map((n) => n.id)).toEqual([seen2]);
  });

  it('pages with page and limit (10 by default, clamped to 1–50) without gaps or repeats', async () => {
    const me = await person();
    const other = await person();
    const blog = await insertBlog(t.db, me.id);
    const t0 = now() - 10_000;
    // Pairs in the same second, so that the order within a second matters too.
    for (let i = 0; i < 55; i++)
      await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: t0 + Math.floor(i / 2) });
    const all = (
      await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', me.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(all).toHaveLength(55);

    expect((await list(me)).map((n) => n.id)).toEqual(all.slice(0, 10));
    const pages = [];
    for (let page = 1; page <= 6; page++) pages.push(...(await list(me, { page, limit: 10 })).map((n) => n.id));
    expect(pages).toEqual(all);
    expect((await list(me, { page: 2, limit: 7 })).map((n) => n.id)).toEqual(all.slice(7, 14));
    expect(await list(me, { page: 7, limit: 10 })).toEqual([]);
    expect(await list(me, { limit: 0 })).toHaveLength(1);
    expect(await list(me, { limit: -5 })).toHaveLength(1);
    expect(await list(me, { limit: 500 })).toHaveLength(50);
    expect(await list(me, { page: 0, limit: 3 })).toEqual(await list(me, { page: 1, limit: 3 }));
    expect(await list(me, { page: 2_000_000_000, limit: 50 })).toEqual([]);
  });

  it.each([
    ['page', 'two'],
    ['page', '1.5'],
    ['page', '1e20'],
    ['page', '1e400'],
    ['page', '-1e400'],
    ['page', '99999999999'],
    ['limit', 'ten'],
    ['limit', '1e400'],
    ['limit', '1e20'],
  ])('answers 400 invalid_parameters naming %s for %s', async (name, value) => {
    const me = await person();
    const res = await get(t, me.token, LIST, { [name]: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: { error_text: 'invalid_parameters', error_code: 400 } });
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name, error_text: 'invalid_parameter' })]);
  });

  it("shows only the reader's own notifications", async () => {
    const me = await person();
    const other = await person();
    const blog = await insertBlog(t.db, other.id);
    await post(t, me.token, '/api/v1/core/likes', { item_type: 'blog', item_id: blog });
    expect(await list(me)).toEqual([]);
    expect(await list(other)).toHaveLength(1);
  });

  it('answers 401 without a token, 403 insufficient_scope without the activities scope, 403 to a client-credentials token', async () => {
    const me = await person();
    const none = await get(t, null, LIST);
    expect(none.status).toBe(401);
    expect(none.body.data.error_text).toBe('unauthorized_user');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const basic = await get(t, await tokenFor(t.db, me.id, ['basic']), LIST);
    expect(basic.status).toBe(403);
    expect(basic.body.data.error_text).toBe('insufficient_scope');
    const client = await get(t, await tokenFor(t.db, null), LIST);
    expect(client.status).toBe(403);
    expect(client.body.data.error_text).toBe('forbidden');
  });
});

describe('POST /activities/notifications/read', () => {
  let me: Person, other: Person;
  let blog: number;
  const notify = () => insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog });
  const readState = async () => (await list(me, { limit: 50 })).map((n) => [n.id, n.is_read]);

  beforeAll(async () => {
    me = await person();
    other = await person();
    blog = await insertBlog(t.db, me.id);
  });

  it('without max_id marks every notification read: is_read follows and notification_count drops to 0', async () => {
    const a = await notify();
    const b = await notify();
    expect(await readState()).toEqual([
      [b, false],
      [a, false],
    ]);
    expect(await unread(me)).toBe(2);
    const res = await post(t, me.token, READ);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await readState()).toEqual([
      [b, true],
      [a, true],
    ]);
    expect(await unread(me)).toBe(0);
  });

  it('with max_id marks only those with id ≤ max_id; a newer one stays unread and counted', async () => {
    const c = await notify();
    const d = await notify();
    const e = await notify();
    expect(await unread(me)).toBe(3);
    expect((await post(t, me.token, READ, { max_id: d })).status).toBe(200);
    expect((await readState()).slice(0, 3)).toEqual([
      [e, false],
      [d, true],
      [c, true],
    ]);
    expect(await unread(me)).toBe(1);
    await post(t, me.token, READ, { max_id: e });
    expect(await unread(me)).toBe(0);
  });

  it('a notification made in the same second as the reading, after it, is not lost', async () => {
    const f = await notify();
    await post(t, me.token, READ);
    // Same second as the reading (and as f): only the id tells it apart.
    const g = await insertNotification({ user: me.id, actor: other.id, itemType: 'blog', itemId: blog, at: now() });
    expect(await unread(me)).toBe(1);
    expect((await readState()).slice(0, 2)).toEqual([
      [g, false],
      [f, true],
    ]);
    await post(t, me.token, READ, { max_id: f });
    expect(await unread(me)).toBe(1);
    await post(t, me.token, READ, { max_id: g });
    expect(await unread(me)).toBe(0);
  });

  it("marks only the reader's own notifications", async () => {
    const theirs = await insertNotification({ user: other.id, actor: me.id, itemType: 'blog', itemId: blog });
    await post(t, me.token, READ, { max_id: theirs + 1000 });
    expect(await unread(other)).toBe(1);
  });

  it('also takes max_id as a form field (application/x-www-form-urlencoded)', async () => {
    const h = await notify();
    const res = await t.app.inject({
      method: 'POST',
      url: READ,
      payload: `max_id=${h}`,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(await unread(me)).toBe(0);
  });

  it.each([['0'], ['-3'], ['abc'], ['1.5'], ['1e400'], ['99999999999999999999']])('answers 400 naming max_id for %s', async (value) => {
    const res = await post(t, me.token, READ, { max_id: value });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ error_text: 'invalid_parameters', error_params: [expect.objectContaining({ name: 'max_id' })] });
  });

  it('answers 401 without a token, 403 insufficient_scope without the activities scope, 403 to a client-credentials token, marking nothing', async () => {
    await notify();
    expect((await post(t, null, READ)).status).toBe(401);
    const basic = await post(t, await tokenFor(t.db, me.id, ['basic']), READ);
    expect(basic.status).toBe(403);
    expect(basic.body.data.error_text).toBe('insufficient_scope');
    const client = await post(t, await tokenFor(t.db, null), READ);
    expect(client.status).toBe(403);
    expect(client.body.data.error_text).toBe('forbidden');
    expect(await unread(me)).toBe(1);
  });
});

describe('notifications of tags, invitations and requests to join', () => {
  it('a withdrawn tag or request takes its notification away; a deleted event takes its invitation', async () => {
    const me = await person();
    const alice = await person();
    await befriend(t.db, me.id, alice.id);
    const photo = await insertPhoto(t.db, alice.id, await insertAlbum(t.db, alice.id));
    const tag = (await tagMember(t, alice.token, photo, me.id)).body.data.id;
    const party = await insertEvent(t.db, alice.id);
    await post(t, alice.token, `/api/v1/events/${party}/invite`, { user_ids: String(me.id) });
    const mine = await insertEvent(t.db, me.id);
    await t.db.updateTable('events').set({ approval: 1 }).where('id', '=', mine).execute();
    await post(t, alice.token, `/api/v1/events/${mine}/request`);
    expect((await list(me)).map((n) => n.type)).toEqual(['event_request', 'event_invite', 'tag']);
    expect(await unread(me)).toBe(3);

    await del(t, me.token, `/api/v1/core/tags/${tag}`, { subject_type: 'photo', subject_id: photo });
    expect((await list(me)).map((n) => n.type)).toEqual(['event_request', 'event_invite']);
    await post(t, alice.token, `/api/v1/events/${mine}/cancel`);
    expect((await list(me)).map((n) => n.type)).toEqual(['event_invite']);
    expect((await del(t, alice.token, `/api/v1/events/${party}`)).status).toBe(200);
    expect(await list(me)).toEqual([]);
    expect(await unread(me)).toBe(0);
  });
});

describe('filtering, a cursor, and what a notification still asks of the reader (extension)', () => {
  it('types keeps only those kinds; before_id goes on after one of the reader’s notifications, in the list’s order', async () => {
    const me = await person();
    const other = await person();
    const blog = await insertBlog(t.db, me.id);
    const at = now() - 1000;
    const ids: number[] = [];
    for (const [i, kind] of (['like', 'comment', 'share', 'like', 'comment'] as const).entries()) {
      ids.push(await insertNotification({ user: me.id, actor: other.id, kind, itemType: 'blog', itemId: blog, at: at + i }));
    }
    expect((await list(me, { types: 'like,share' })).map((n) => n.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect((await list(me, { types: 'comment' })).map((n) => n.id)).toEqual([ids[4], ids[1]]);
    expect((await list(me, { before_id: ids[3]! })).map((n) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list(me, { before_id: ids[3]!, types: 'like' })).map((n) => n.id)).toEqual([ids[0]]);
    // The same second: a lower id comes after.
    const same = await insertNotification({ user: me.id, actor: other.id, kind: 'like', itemType: 'blog', itemId: blog, at: at + 4 });
    expect((await list(me, { before_id: same })).map((n) => n.id)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
  });

  it('refuses an unknown type and a before_id that is not one of the reader’s notifications (400 naming it)', async () => {
    const me = await person();
    const other = await person();
    const blog = await insertBlog(t.db, other.id);
    const theirs = await insertNotification({ user: other.id, actor: me.id, itemType: 'blog', itemId: blog });
    for (const [query, name] of [
      [{ types: 'like,poke' }, 'types'],
      [{ types: '' }, 'types'],
      [{ before_id: theirs }, 'before_id'],
      [{ before_id: 'x' }, 'before_id'],
    ] as const) {
      const res = await get(t, me.token, LIST, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(query)).toContain(name);
    }
  });

  it('an invitation carries the reader’s answer, a request to join and a friend request whether they still wait', async () => {
    const me = await person();
    const alice = await person();
    const bob = await person();
    await befriend(t.db, me.id, alice.id);
    const party = await insertEvent(t.db, alice.id);
    await post(t, alice.token, `/api/v1/events/${party}/invite`, { user_ids: String(me.id) });
    const mine = await insertEvent(t.db, me.id);
    await t.db.updateTable('events').set({ approval: 1 }).where('id', '=', mine).execute();
    await post(t, alice.token, `/api/v1/events/${mine}/request`);
    expect((await post(t, bob.token, '/api/v1/friends/requests', { user_id: me.id })).status).toBe(200);
    const byType = async () => Object.fromEntries((await list(me)).map((n) => [n.type, n as Record<string, unknown>]));

    let n = await byType();
    expect(n.event_invite).toMatchObject({ rsvp: 'awaiting_reply' });
    expect(n.event_request).toMatchObject({ is_pending: true });
    expect(n.friend_request).toMatchObject({ is_pending: true, request_id: expect.any(Number) });
    expect(n.tag ?? n.like).toBeUndefined();

    expect((await post(t, me.token, `/api/v1/events/${party}/join`, { rsvp: 'maybe_attending' })).status).toBe(200);
    expect((await post(t, me.token, `/api/v1/events/${mine}/accept`, { user_id: alice.id })).status).toBe(200);
    expect((await post(t, me.token, `/api/v1/friends/requests/${n.friend_request!.request_id}/accept`)).status).toBe(200);
    n = await byType();
    expect(n.event_invite).toMatchObject({ rsvp: 'maybe_attending' });
    expect(n.event_request).toMatchObject({ is_pending: false });
    expect(n.friend_request).toMatchObject({ is_pending: false });
    expect(n.friend_request).not.toHaveProperty('request_id');
  });
});
