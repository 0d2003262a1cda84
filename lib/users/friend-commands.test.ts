import { beforeAll, describe, expect, it } from 'vitest';
import { setupRealApi } from '../testing/real-api.ts';
import { listFriendRequests, listFriends } from '../social-api/friends.ts';
import { getMember } from '../social-api/users.ts';
import { answerFriendRequestCommand, friendshipCommand } from './friend-commands.ts';

// The friendship commands (what components/users/actions.ts runs for the signed-in person)
// against the real api-server over loopback HTTP, on a fresh copy of the demo data: Grace and
// Bob are not friends there.

const api = setupRealApi();
let grace: string;
let bob: string;
let graceId: number;
let bobId: number;

beforeAll(async () => {
  grace = await api.tokenOf('grace@example.com');
  bob = await api.tokenOf('bob@example.com');
  graceId = await api.userId('grace@example.com');
  bobId = await api.userId('bob@example.com');
});

const standing = async (token: string, me: number, other: number) => (await getMember(token, other, { id: me }))?.friendship;

describe('friendshipCommand', () => {
  it('sends a request, cancels it, sends again; the other accepts; either ends it — each answering where they stand', async () => {
    expect(await standing(grace, graceId, bobId)).toBe('none');
    const sent = await friendshipCommand(grace, { action: 'add', userId: bobId });
    expect(sent).toMatchObject({ ok: true, data: { friendship: 'request_sent', requestId: expect.any(Number) } });
    expect(await standing(bob, bobId, graceId)).toBe('request_received');
    expect(await friendshipCommand(grace, { action: 'cancel', requestId: sent.ok ? sent.data.requestId : 0 })).toMatchObject({
      ok: true,
      data: { friendship: 'none' },
    });
    expect(await listFriendRequests(bob, 'incoming')).toEqual([]);

    const again = await friendshipCommand(grace, { action: 'add', userId: bobId });
    const [request] = (await listFriendRequests(bob, 'incoming'))!;
    expect(request).toMatchObject({ id: again.ok ? again.data.requestId : 0, user: { id: graceId, name: 'Grace Kim' } });
    expect(await answerFriendRequestCommand(bob, { requestId: request!.id, accept: true })).toMatchObject({ ok: true });
    expect(await standing(grace, graceId, bobId)).toBe('friends');
    expect((await listFriends(grace))!.map((f) => f.id)).toContain(bobId);

    expect(await friendshipCommand(bob, { action: 'unfriend', userId: graceId })).toMatchObject({
      ok: true,
      data: { friendship: 'none' },
    });
    expect(await standing(grace, graceId, bobId)).toBe('none');
  });

  it('a request both ways at once is a friendship; answering a request that is gone says so and changes nothing', async () => {
    const first = await friendshipCommand(grace, { action: 'add', userId: bobId });
    expect(await friendshipCommand(bob, { action: 'add', userId: graceId })).toMatchObject({ ok: true, data: { friendship: 'friends' } });
    const gone = await friendshipCommand(bob, { action: 'accept', requestId: first.ok ? first.data.requestId! : 0 });
    expect(gone).toMatchObject({ ok: false, message: expect.stringContaining('No longer pending') });
    expect(await standing(grace, graceId, bobId)).toBe('friends');
    await friendshipCommand(grace, { action: 'unfriend', userId: bobId });
  });

  it('refuses what it cannot read, and what the API refuses (oneself) with its message', async () => {
    expect(await friendshipCommand(grace, { action: 'poke', userId: bobId })).toMatchObject({ ok: false });
    expect(await friendshipCommand(grace, { action: 'add', userId: -1 })).toMatchObject({ ok: false });
    const self = await friendshipCommand(grace, { action: 'add', userId: graceId });
    expect(self.ok).toBe(false);
    expect(await standing(grace, graceId, bobId)).toBe('none');
  });
});
