import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertAlbum, insertBlog, insertClassified, insertEvent, post } from '../fixtures.ts';

// Extension (docs/api.md, "Extensions"): GET /users/{id}, scope basic.
const USERS = '/api/v1/users';

const t = setupApi();

const summary = (m: Member) => toOwnerSummary(t.config, { id: m.id, full_name: m.name, avatar_key: null });
const NOTHING_SHARED = { total_album: 0, total_blog: 0, total_listing: 0, total_event: 0 };
/** GET /users/{id} with the reader's token. */
const member = async (token: string, id: number) => {
  const res = await get(t, token, `${USERS}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('GET /users/{id}', () => {
  it("answers the member's owner summary, how many friends they have, and how the reader stands with them", async () => {
    const [me, alice, grace, henry, ivy] = [
      await createMember(t.db, 'Mo Reader'),
      await createMember(t.db, 'Alice Friend'),
      await createMember(t.db, 'Grace Stranger'),
      await createMember(t.db, 'Henry Asked'),
      await createMember(t.db, 'Ivy Asks'),
    ];
    await befriend(t.db, me.id, alice.id);
    // Alice is a friend Grace and I have in common.
    await befriend(t.db, grace.id, alice.id);
    const sent = (await post(t, me.token, '/api/v1/friends/requests', { user_id: henry.id })).body.data.id;
    const received = (await post(t, ivy.token, '/api/v1/friends/requests', { user_id: me.id })).body.data.id;

    expect(await member(me.token, alice.id)).toEqual({
      ...summary(alice),
      ...NOTHING_SHARED,
      total_friend: 2,
      friendship: 'friends',
      total_mutual_friend: 0,
      block_status: 'no_block',
      can_send_message: true,
      send_message_refusal: null,
    });
    expect(await member(me.token, grace.id)).toEqual({
      ...summary(grace),
      ...NOTHING_SHARED,
      total_friend: 1,
      friendship: 'none',
      total_mutual_friend: 1,
      block_status: 'no_block',
      can_send_message: false,
      send_message_refusal: 'Grace Stranger only receives messages from friends.',
    });
    expect(await member(me.token, henry.id)).toMatchObject({ friendship: 'request_sent', friend_request_id: sent });
    expect(await member(me.token, ivy.id)).toMatchObject({ friendship: 'request_received', friend_request_id: received });
    expect(await member(me.token, me.id)).toEqual({
      ...summary(me),
      ...NOTHING_SHARED,
      total_friend: 1,
      friendship: 'self',
      total_mutual_friend: 0,
      block_status: 'no_block',
      can_send_message: false,
      send_message_refusal: 'You cannot send a message to yourself.',
    });
  });

  it('counts what the member shares that the reader may find on their tabs: friends-only items for friends and the owner alone', async () => {
    const [owner, friend, stranger] = [
      await createMember(t.db, 'Olga Owner'),
      await createMember(t.db, 'Fred Friend'),
      await createMember(t.db, 'Sam Stranger'),
    ];
    await befriend(t.db, owner.id, friend.id);
    const past = Math.floor(Date.now() / 1000) - 10 * 86400;
    for (const auth_view of ['everyone', 'owner_member', 'owner'] as const) {
      await insertAlbum(t.db, owner.id, { auth_view });
      await insertBlog(t.db, owner.id, { auth_view });
      await insertClassified(t.db, owner.id, { auth_view });
      await insertEvent(t.db, owner.id, { auth_view });
    }
    // Not on anyone else's tabs: a draft, unlisted items (their owner still lists them), an event that is over.
    await insertBlog(t.db, owner.id, { is_draft: 1 });
    await insertAlbum(t.db, owner.id, { allow_search: 0 });
    await insertBlog(t.db, owner.id, { allow_search: 0 });
    await insertEvent(t.db, owner.id, { start_time: past, end_time: past + 3600 });
    // Somebody else's things are not the member's.
    await insertAlbum(t.db, friend.id);
    await insertBlog(t.db, stranger.id);

    const counts = async (token: string) => {
      const { total_album, total_blog, total_listing, total_event } = await member(token, owner.id);
      return { total_album, total_blog, total_listing, total_event };
    };
    expect(await counts(stranger.token)).toEqual({ total_album: 1, total_blog: 1, total_listing: 1, total_event: 1 });
    expect(await counts(friend.token)).toEqual({ total_album: 2, total_blog: 2, total_listing: 2, total_event: 2 });
    expect(await counts(owner.token)).toEqual({ total_album: 4, total_blog: 4, total_listing: 3, total_event: 3 });

    // Each count is what the module's own list with user_id answers the same reader.
    for (const reader of [stranger, friend, owner]) {
      const listed = async (path: string, query: Record<string, string | number> = {}) =>
        (await get(t, reader.token, path, { user_id: owner.id, limit: 50, ...query })).body.data.length;
      expect({
        total_album: await listed('/api/v1/albums'),
        total_blog: await listed('/api/v1/blogs'),
        total_listing: await listed('/api/v1/classifieds', { status: 'all' }),
        total_event: await listed('/api/v1/events'),
      }).toEqual(await counts(reader.token));
    }
  });

  it('reads as nobody for a client-credentials token: the reader fields are null', async () => {
    const alice = await createMember(t.db, 'Alice Public');
    expect(await member(await tokenFor(t.db, null, ['basic']), alice.id)).toEqual({
      ...summary(alice),
      ...NOTHING_SHARED,
      total_friend: 0,
      friendship: null,
      total_mutual_friend: null,
      block_status: null,
      can_send_message: null,
      send_message_refusal: null,
    });
  });

  it('answers 404 for a member who does not exist, 400 for an id that is not one, and needs the basic scope', async () => {
    const me = await createMember(t.db);
    expect((await get(t, me.token, `${USERS}/999999`)).status).toBe(404);
    const bad = await get(t, me.token, `${USERS}/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('id');
    expect((await get(t, await tokenFor(t.db, me.id, ['friends']), `${USERS}/${me.id}`)).status).toBe(403);
    expect((await get(t, null, `${USERS}/${me.id}`)).status).toBe(401);
  });
});
