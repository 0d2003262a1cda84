import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertAlbum, insertClassified, insertEvent, insertPhoto, post, tagMember } from '../fixtures.ts';
import { compose, expectRefused, open, reply, send } from '../messages/message-fixtures.ts';

// Blocking (origin paths GET/POST/DELETE /users/block, scope settings; docs/api.md, "Messages"):
// every effect, both ways.

const BLOCK = '/api/v1/users/block';
const t = setupApi();
const summary = (m: Member) => toOwnerSummary(t.config, { id: m.id, full_name: m.name, avatar_key: null });
const block = (who: Member, other: Member | number) => post(t, who.token, BLOCK, { id: typeof other === 'number' ? other : other.id });
const unblock = (who: Member, other: Member) => del(t, who.token, BLOCK, { id: other.id });
const profile = async (reader: Member, of: Member) => (await get(t, reader.token, `/api/v1/users/${of.id}`)).body.data;

describe('GET, POST and DELETE /users/block', () => {
  it('blocks, lists the blocked members newest first, and unblocks', async () => {
    const [me, alice, grace] = [await createMember(t.db, 'Mo'), await createMember(t.db, 'Alice'), await createMember(t.db, 'Grace')];
    expect((await block(me, alice)).body.data).toEqual({ message: 'Alice is blocked.' });
    expect((await block(me, grace)).status).toBe(200);
    // Blocking again changes nothing.
    expect((await block(me, alice)).status).toBe(200);
    const listed = (await get(t, me.token, BLOCK)).body.data;
    expect(listed.map((u: { id: number }) => u.id).sort()).toEqual([alice.id, grace.id].sort());
    expect(listed).toContainEqual(summary(alice));
    expect((await get(t, alice.token, BLOCK)).body.data).toEqual([]);
    expect((await unblock(me, alice)).body.data).toEqual({ message: 'Alice is no longer blocked.' });
    expect((await get(t, me.token, BLOCK)).body.data).toEqual([summary(grace)]);
  });

  it('refuses oneself, a member who does not exist and unblocking one not blocked (400 naming id); needs settings and a user', async () => {
    const [me, alice] = [await createMember(t.db), await createMember(t.db)];
    expectRefused(await block(me, me), 400, 'id', /yourself/);
    expectRefused(await block(me, 99999999), 400, 'id');
    expectRefused(await unblock(me, alice), 400, 'id', /not a member you blocked/);
    const noSettings = await tokenFor(t.db, me.id, ['basic', 'messages']);
    expect((await post(t, noSettings, BLOCK, { id: alice.id })).body.data.error_text).toBe('insufficient_scope');
    expect((await get(t, await tokenFor(t.db, null, ['settings']), BLOCK)).status).toBe(403);
  });
});

describe('what a block stops, both ways', () => {
  it('ends the friendship and a pending friend request, and shows in block_status and can_send_message', async () => {
    const [me, alice, grace] = [await createMember(t.db, 'Mo'), await createMember(t.db, 'Alice'), await createMember(t.db, 'Grace')];
    await befriend(t.db, me.id, alice.id);
    expect((await post(t, grace.token, '/api/v1/friends/requests', { user_id: me.id })).status).toBe(200);
    await block(me, alice);
    await block(me, grace);
    expect((await get(t, me.token, '/api/v1/friends')).body.data).toEqual([]);
    expect((await get(t, alice.token, '/api/v1/friends')).body.data).toEqual([]);
    expect((await get(t, me.token, '/api/v1/friends/requests')).body.data).toEqual([]);
    expect((await get(t, grace.token, '/api/v1/friends/requests', { direction: 'outgoing' })).body.data).toEqual([]);

    expect(await profile(me, alice)).toMatchObject({
      block_status: 'is_blocked',
      can_send_message: false,
      send_message_refusal: 'You have blocked Alice: unblock them to message them.',
    });
    expect(await profile(alice, me)).toMatchObject({
      block_status: 'is_blocked_by',
      can_send_message: false,
      send_message_refusal: 'You cannot message Mo: they have blocked you.',
    });
    await unblock(me, alice);
    expect(await profile(alice, me)).toMatchObject({ block_status: 'no_block', friendship: 'none' });
  });

  it('stops new conversations and replies in existing ones, with the reason', async () => {
    const [me, alice] = [await createMember(t.db, 'Mo'), await createMember(t.db, 'Alice')];
    await befriend(t.db, me.id, alice.id);
    const id = await send(t, alice, me, 'Hi Mo');
    await block(me, alice);
    for (const [from, to, reason] of [
      [me, alice, /You have blocked Alice/],
      [alice, me, /they have blocked you/],
    ] as const) {
      expectRefused(await compose(t, from, { to: String(to.id), body: 'hello?' }), 403, 'to', reason);
      expectRefused(await reply(t, from, id, 'hello?'), 403, 'to', reason);
      expect((await open(t, from, id)).can_reply).toBe(false);
    }
    // Even about a listing: the marketplace exception does not pass a block.
    const listing = await insertClassified(t.db, me.id);
    expectRefused(
      await compose(t, alice, { item_type: 'classified', item_id: listing, body: 'Is it available?' }),
      403,
      'to',
      /blocked you/,
    );
    await unblock(me, alice);
    expect((await reply(t, alice, id, 'Back')).status).toBe(200);
  });

  it('stops friend requests, wall posts, tags and event invitations', async () => {
    const [me, alice] = [await createMember(t.db, 'Mo'), await createMember(t.db, 'Alice')];
    await befriend(t.db, me.id, alice.id);
    const myAlbum = await insertAlbum(t.db, me.id);
    const myPhoto = await insertPhoto(t.db, me.id, myAlbum);
    const herAlbum = await insertAlbum(t.db, alice.id);
    const herPhoto = await insertPhoto(t.db, alice.id, herAlbum);
    const myEvent = await insertEvent(t.db, me.id);
    const herEvent = await insertEvent(t.db, alice.id);
    await block(me, alice);
    for (const [from, to, photo, event] of [
      [me, alice, myPhoto, myEvent],
      [alice, me, herPhoto, herEvent],
    ] as const) {
      const request = await post(t, from.token, '/api/v1/friends/requests', { user_id: to.id });
      expectRefused(request, 403, 'user_id', /blocked/);
      expectRefused(await post(t, from.token, '/api/v1/activities', { body: 'Hi', subject_type: 'user', subject_id: to.id }), 403);
      expectRefused(await tagMember(t, from.token, photo, to.id), 403, undefined, /blocked/);
      expect((await post(t, from.token, `/api/v1/events/${event}/invite`, { user_ids: String(to.id) })).status).toBe(400);
    }
  });
});
