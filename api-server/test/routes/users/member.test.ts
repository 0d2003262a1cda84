import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';

// Extension (README, "Extensions"): GET /users/{id}, scope basic.
const USERS = '/api/v1/users';

const t = setupApi();

const summary = (m: Member) => toOwnerSummary(t.config, { id: m.id, full_name: m.name, avatar_key: null });
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

    expect(await member(me.token, alice.id)).toEqual({ ...summary(alice), total_friend: 2, friendship: 'friends', total_mutual_friend: 0 });
    expect(await member(me.token, grace.id)).toEqual({ ...summary(grace), total_friend: 1, friendship: 'none', total_mutual_friend: 1 });
    expect(await member(me.token, henry.id)).toMatchObject({ friendship: 'request_sent', friend_request_id: sent });
    expect(await member(me.token, ivy.id)).toMatchObject({ friendship: 'request_received', friend_request_id: received });
    expect(await member(me.token, me.id)).toEqual({ ...summary(me), total_friend: 1, friendship: 'self', total_mutual_friend: 0 });
  });

  it('reads as nobody for a client-credentials token: the reader fields are null', async () => {
    const alice = await createMember(t.db, 'Alice Public');
    expect(await member(await tokenFor(t.db, null, ['basic']), alice.id)).toEqual({
      ...summary(alice),
      total_friend: 0,
      friendship: null,
      total_mutual_friend: null,
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
