import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertEvent, notificationsOf, post } from '../fixtures.ts';

// Extension (docs/api.md, "Extensions": Friend requests): friend requests and ending a friendship,
// scope friends.
const FRIENDS = '/api/v1/friends';
const REQUESTS = '/api/v1/friends/requests';

const t = setupApi();

type Person = Member;
const person = () => createMember(t.db);
const summary = (p: Person) => toOwnerSummary(t.config, { id: p.id, full_name: p.name, avatar_key: null });

const send = (from: Person, to: number | string) => post(t, from.token, REQUESTS, { user_id: to });
const accept = (p: Person, id: number) => post(t, p.token, `${REQUESTS}/${id}/accept`);
const decline = (p: Person, id: number) => post(t, p.token, `${REQUESTS}/${id}/decline`);
const cancel = (p: Person, id: number) => del(t, p.token, `${REQUESTS}/${id}`);
const unfriend = (p: Person, userId: number | string) => del(t, p.token, `${FRIENDS}/${userId}`);

async function requests(p: Person, direction?: 'incoming' | 'outgoing', query: Record<string, number> = {}) {
  const res = await get(t, p.token, REQUESTS, { ...(direction ? { direction } : {}), ...query });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ id: number; user: { id: number }; date: string; timestamp: number }>;
}
const friendIds = async (p: Person) => ((await get(t, p.token, FRIENDS)).body.data as Array<{ id: number }>).map((f) => f.id);
const notifications = (p: Person) => notificationsOf(t, p.token);
type Answer = Awaited<ReturnType<typeof get>>;

/** Everything friend requests and friendships keep, to show that a refusal changed nothing. */
const state = async () => ({
  requests: await t.db.selectFrom('friend_requests').selectAll().orderBy('id').execute(),
  friendships: await t.db.selectFrom('friendships').selectAll().orderBy('user_id').orderBy('friend_id').execute(),
  notifications: await t.db.selectFrom('notifications').selectAll().orderBy('id').execute(),
});
/** A refusal: the status, a clear message, the parameter named (for a 400), and nothing changed. */
async function expectRefused(act: () => Promise<Answer>, status: number, param?: string, message?: RegExp) {
  const before = await state();
  const res = await act();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  if (param) expect(res.body.data.error_params.map((p: { name: string }) => p.name)).toEqual([param]);
  if (message) expect(res.body.data.message).toMatch(message);
  expect(await state()).toEqual(before);
}

describe('POST /friends/requests', () => {
  it('sends a request: listed incoming for the recipient and outgoing for the sender, and the recipient is notified', async () => {
    const [alice, grace] = [await person(), await person()];
    const res = await send(alice, grace.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: expect.stringContaining(grace.name), id: expect.any(Number), friendship: 'request_sent' });
    const id = res.body.data.id;
    const [incoming] = await requests(grace);
    expect(incoming).toEqual({
      id,
      user: summary(alice),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      timestamp: expect.any(Number),
    });
    expect(await requests(grace, 'incoming')).toEqual([incoming]);
    expect(await requests(alice, 'outgoing')).toEqual([{ ...incoming, user: summary(grace) }]);
    expect(await requests(alice, 'incoming')).toEqual([]);
    expect(await requests(grace, 'outgoing')).toEqual([]);
    expect(await notifications(grace)).toEqual([
      { type: 'friend_request', owner: alice.id, item: { type: 'user', id: alice.id, title: alice.name } },
    ]);
    expect(await friendIds(alice)).toEqual([]);
  });

  it('refuses a request to oneself, to a member who does not exist, twice, or to a friend: 400 naming user_id, nothing changed', async () => {
    const [alice, grace, frank] = [await person(), await person(), await person()];
    await befriend(t.db, alice.id, frank.id);
    await expectRefused(() => send(alice, alice.id), 400, 'user_id', /your own id/);
    await expectRefused(() => send(alice, 999_999), 400, 'user_id', /not a member/);
    expect((await send(alice, grace.id)).status).toBe(200);
    await expectRefused(() => send(alice, grace.id), 400, 'user_id', /already has your friend request/);
    await expectRefused(() => send(alice, frank.id), 400, 'user_id', /already your friend/);
    await expectRefused(() => send(frank, alice.id), 400, 'user_id', /already your friend/);
  });

  it('a request both ways is a friendship at once: the first sender is notified of the acceptance', async () => {
    const [alice, grace] = [await person(), await person()];
    const first = (await send(alice, grace.id)).body.data.id;
    const res = await send(grace, alice.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: expect.stringContaining('now friends'), friendship: 'friends' });
    expect(await friendIds(alice)).toEqual([grace.id]);
    expect(await friendIds(grace)).toEqual([alice.id]);
    expect(await requests(grace)).toEqual([]);
    expect(await requests(alice, 'outgoing')).toEqual([]);
    expect((await accept(grace, first)).status).toBe(404);
    expect(await notifications(alice)).toEqual([
      { type: 'friend_accept', owner: grace.id, item: { type: 'user', id: grace.id, title: grace.name } },
    ]);
  });

  it('two identical requests at the same moment: exactly one is sent, the other refused', async () => {
    const [alice, grace] = [await person(), await person()];
    const answers = await Promise.all([send(alice, grace.id), send(alice, grace.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await requests(grace)).toHaveLength(1);
    expect(await notifications(grace)).toHaveLength(1);
  });

  it('two requests crossing at the same moment make one friendship', async () => {
    const [alice, grace] = [await person(), await person()];
    const answers = await Promise.all([send(alice, grace.id), send(grace, alice.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.friendship).sort()).toEqual(['friends', 'request_sent']);
    expect(await friendIds(alice)).toEqual([grace.id]);
    expect(await requests(alice)).toEqual([]);
    expect(await requests(grace)).toEqual([]);
  });

  it('refuses a malformed user_id with 400 naming it', async () => {
    const alice = await person();
    for (const value of ['abc', '0', '-3', '1.5']) await expectRefused(() => send(alice, value), 400, 'user_id');
    await expectRefused(() => post(t, alice.token, REQUESTS), 400, 'user_id');
  });
});

describe('GET /friends/requests', () => {
  it('lists newest first, page by page; direction must be incoming or outgoing', async () => {
    const grace = await person();
    const senders = [await person(), await person(), await person()];
    for (const s of senders) expect((await send(s, grace.id)).status).toBe(200);
    const all = (await requests(grace)).map((r) => r.user.id);
    expect(all).toEqual(senders.map((s) => s.id).reverse());
    const pages = [
      ...(await requests(grace, 'incoming', { limit: 2, page: 1 })),
      ...(await requests(grace, 'incoming', { limit: 2, page: 2 })),
    ];
    expect(pages.map((r) => r.user.id)).toEqual(all);
    expect(await requests(grace, 'incoming', { limit: 2, page: 3 })).toEqual([]);
    const bad = await get(t, grace.token, REQUESTS, { direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('direction');
  });
});

describe('POST /friends/requests/{id}/accept', () => {
  it('makes the two friends at once: GET /friends both ways, the legacy friend.getFriends and friend.isFriend, and the sender is notified', async () => {
    const [alice, grace] = [await person(), await person()];
    const legacy = await legacyToken(t, alice.id);
    const isFriend = async () => (await callApi(t, legacy, 'friend.isFriend', { friend_user_id: grace.id })).output.is_friend;
    const legacyFriends = async () => (await callApi(t, legacy, 'friend.getFriends')).output.map((u: { user_id: number }) => u.user_id);
    const id = (await send(alice, grace.id)).body.data.id;
    expect(await isFriend()).toBe(0);

    const res = await accept(grace, id);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatch(/accepted/);
    expect(await friendIds(alice)).toEqual([grace.id]);
    expect(await friendIds(grace)).toEqual([alice.id]);
    expect(await isFriend()).toBe(1);
    expect(await legacyFriends()).toEqual([grace.id]);
    expect(await requests(grace)).toEqual([]);
    expect(await requests(alice, 'outgoing')).toEqual([]);
    expect(await notifications(alice)).toEqual([
      { type: 'friend_accept', owner: grace.id, item: { type: 'user', id: grace.id, title: grace.name } },
    ]);
    // What was done is done: the request is no longer pending.
    await expectRefused(() => accept(grace, id), 404, undefined, /not found/);
  });

  it('only the recipient accepts: 403 for the sender, 404 for anyone else or an unknown id; nothing changed', async () => {
    const [alice, grace, mallory] = [await person(), await person(), await person()];
    const id = (await send(alice, grace.id)).body.data.id;
    await expectRefused(() => accept(alice, id), 403, undefined, /Only the member a friend request was sent to/);
    await expectRefused(() => accept(mallory, id), 404);
    await expectRefused(() => accept(grace, 999_999), 404);
    await expectRefused(() => decline(mallory, id), 404);
    await expectRefused(() => cancel(mallory, id), 404);
    expect(await requests(grace)).toHaveLength(1);
  });
});

describe('POST /friends/requests/{id}/decline', () => {
  it('the recipient declines: the request is gone, no friendship, and the sender is not told', async () => {
    const [alice, grace] = [await person(), await person()];
    const id = (await send(alice, grace.id)).body.data.id;
    await expectRefused(() => decline(alice, id), 403, undefined, /cancel it instead/);
    const res = await decline(grace, id);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatch(/declined/);
    expect(await requests(grace)).toEqual([]);
    expect(await requests(alice, 'outgoing')).toEqual([]);
    expect(await friendIds(grace)).toEqual([]);
    expect(await notifications(alice)).toEqual([]);
    // A declined request can be sent again.
    expect((await send(alice, grace.id)).status).toBe(200);
  });
});

describe('DELETE /friends/requests/{id}', () => {
  it('the sender cancels: the request is gone and so is its notification', async () => {
    const [alice, grace] = [await person(), await person()];
    const id = (await send(alice, grace.id)).body.data.id;
    expect(await notifications(grace)).toHaveLength(1);
    await expectRefused(() => cancel(grace, id), 403, undefined, /decline it instead/);
    const res = await cancel(alice, id);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatch(/cancelled/);
    expect(await requests(grace)).toEqual([]);
    expect(await notifications(grace)).toEqual([]);
    await expectRefused(() => cancel(alice, id), 404);
  });
});

describe('DELETE /friends/{user_id}', () => {
  it('ends a friendship both ways at once, in GET /friends and the legacy methods', async () => {
    const [alice, grace] = [await person(), await person()];
    await befriend(t.db, alice.id, grace.id);
    const legacy = await legacyToken(t, grace.id);
    const res = await unfriend(alice, grace.id);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatch(/no longer friends/);
    expect(await friendIds(alice)).toEqual([]);
    expect(await friendIds(grace)).toEqual([]);
    expect((await callApi(t, legacy, 'friend.isFriend', { friend_user_id: alice.id })).output.is_friend).toBe(0);
    expect((await callApi(t, legacy, 'friend.getFriends')).output).toEqual([]);
    // And they may become friends again.
    const id = (await send(grace, alice.id)).body.data.id;
    expect((await accept(alice, id)).status).toBe(200);
    expect(await friendIds(grace)).toEqual([alice.id]);
  });

  it('refuses a member who is not a friend, does not exist, or is oneself: 400 naming user_id, nothing changed', async () => {
    const [alice, grace] = [await person(), await person()];
    await send(alice, grace.id);
    await expectRefused(() => unfriend(alice, grace.id), 400, 'user_id', /not your friend/);
    await expectRefused(() => unfriend(alice, 999_999), 400, 'user_id', /not a member/);
    await expectRefused(() => unfriend(alice, alice.id), 400, 'user_id', /your own id/);
    await expectRefused(() => unfriend(alice, 'x'), 400, 'user_id');
  });
});

describe('friend requests: tokens', () => {
  it('need the friends scope (403), a user rather than a client-credentials token (403), and a token (401)', async () => {
    const [alice, grace] = [await person(), await person()];
    const id = (await send(alice, grace.id)).body.data.id;
    const noScope = await tokenFor(t.db, alice.id, ['basic', 'activities']);
    const client = await tokenFor(t.db, null, ['friends']);
    const calls: Array<(token: string | null) => Promise<Answer>> = [
      (token) => post(t, token, REQUESTS, { user_id: grace.id }),
      (token) => get(t, token, REQUESTS),
      (token) => post(t, token, `${REQUESTS}/${id}/accept`),
      (token) => post(t, token, `${REQUESTS}/${id}/decline`),
      (token) => del(t, token, `${REQUESTS}/${id}`),
      (token) => del(t, token, `${FRIENDS}/${grace.id}`),
    ];
    for (const c of calls) {
      await expectRefused(() => c(noScope), 403);
      await expectRefused(() => c(client), 403, undefined, /token issued for a user/);
      await expectRefused(() => c(null), 401);
    }
  });
});

describe('friendship changes show at once in every friends-only rule', () => {
  it('a friends-only post, album, blog and event: hidden from a stranger, seen once a request is accepted, hidden again after unfriending', async () => {
    const [carol, alice] = [await person(), await person()];
    const items = {
      activity: await insertActivity(t.db, { owner: carol.id, auth_view: 'owner_member' }),
      album: await insertAlbum(t.db, carol.id, { auth_view: 'owner_member' }),
      blog: await insertBlog(t.db, carol.id, { auth_view: 'owner_member' }),
      event: await insertEvent(t.db, carol.id, { auth_view: 'owner_member' }),
    };
    const paths = { activity: 'activities', album: 'albums', blog: 'blogs', event: 'events' } as const;
    /** What Alice sees of Carol's friends-only things: each detail, and whether each of Carol's lists shows it. */
    const seen = async () => {
      const out: Record<string, [number, boolean]> = {};
      for (const [type, id] of Object.entries(items) as Array<[keyof typeof items, number]>) {
        const detail = (await get(t, alice.token, `/api/v1/${paths[type]}/${id}`)).status;
        const list =
          type === 'activity'
            ? (await get(t, alice.token, '/api/v1/activities', { subject_type: 'user', subject_id: carol.id })).body.data.items
            : (await get(t, alice.token, `/api/v1/${paths[type]}`, { user_id: carol.id })).body.data;
        out[type] = [detail, (list as Array<{ id: number }>).some((i) => i.id === id)];
      }
      return out;
    };
    const hidden = { activity: [404, false], album: [404, false], blog: [404, false], event: [404, false] };
    const shown = { activity: [200, true], album: [200, true], blog: [200, true], event: [200, true] };

    expect(await seen()).toEqual(hidden);
    const id = (await send(alice, carol.id)).body.data.id;
    expect(await seen()).toEqual(hidden);
    expect((await accept(carol, id)).status).toBe(200);
    expect(await seen()).toEqual(shown);
    expect((await unfriend(carol, alice.id)).status).toBe(200);
    expect(await seen()).toEqual(hidden);
  });
});

describe('the legacy notification.get', () => {
  it("words the new notifications and links the member's profile or the post", async () => {
    const [alice, grace] = [await person(), await person()];
    const id = (await send(alice, grace.id)).body.data.id;
    expect((await accept(grace, id)).status).toBe(200);
    const post_ = (await post(t, grace.token, '/api/v1/activities', { subject_type: 'user', subject_id: alice.id, body: 'Hi!' })).body.data
      .id;
    const messages = async (p: Person) =>
      ((await callApi(t, await legacyToken(t, p.id), 'notification.get')).output as Array<{ message: string; link: string }>).map((n) => [
        n.message,
        n.link,
      ]);
    expect(await messages(grace)).toEqual([[`${alice.name} sent you a friend request.`, `${t.config.webOrigin}/users/${alice.id}`]]);
    expect(await messages(alice)).toEqual([
      [`${grace.name} wrote on your wall.`, `${t.config.webOrigin}/activities/${post_}`],
      [`${grace.name} accepted your friend request.`, `${t.config.webOrigin}/users/${grace.id}`],
    ]);
  });
});
