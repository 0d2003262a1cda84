import { beforeAll, describe, expect, it } from 'vitest';
import { setupRealApi } from '../testing/real-api.ts';
import { cancelEventRequest, createEvent, requestToJoinEvent } from '../social-api/events.ts';
import { decideEventRequestCommand, REQUEST_NOT_PENDING } from './commands.ts';

// The organiser's answer to a request to join (what components/events/actions.ts runs for the
// signed-in person) against the real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
let demo: string, alice: string, bob: string;
let aliceId: number, bobId: number;

beforeAll(async () => {
  // One after another: the first token registers the test client.
  demo = await api.tokenOf('demo@example.com');
  alice = await api.tokenOf('alice@example.com');
  bob = await api.tokenOf('bob@example.com');
  aliceId = await api.userId('alice@example.com');
  bobId = await api.userId('bob@example.com');
});

describe('decideEventRequestCommand', () => {
  it('a request withdrawn since the page was read is answered as no longer pending, whether or not others still are', async () => {
    const id = await createEvent(demo, {
      title: 'Supper club',
      description: 'Six seats.',
      categoryId: 0,
      startTime: '2031-05-02 19:00:00',
      endTime: '2031-05-02 22:00:00',
      timeZone: 'Europe/Berlin',
      host: 'Demo',
      location: 'Kitchen',
      searchable: true,
      guestsMayInvite: false,
      approval: true,
      authView: 'everyone',
      authComment: 'everyone',
      authPhoto: 'everyone',
    });
    await requestToJoinEvent(alice, id);
    await requestToJoinEvent(bob, id);
    await cancelEventRequest(bob, id);
    // Alice's request is still pending: Bob's alone is gone.
    expect(await decideEventRequestCommand(demo, { id, userId: bobId, accept: true })).toEqual({ ok: false, message: REQUEST_NOT_PENDING });
    expect(await decideEventRequestCommand(demo, { id, userId: aliceId, accept: true })).toEqual({
      ok: true,
      message: 'Accepted.',
      data: undefined,
    });
    // No request is left pending at all.
    expect(await decideEventRequestCommand(demo, { id, userId: bobId, accept: false })).toEqual({
      ok: false,
      message: REQUEST_NOT_PENDING,
    });
    expect(await decideEventRequestCommand(demo, { id, userId: aliceId, accept: true })).toEqual({
      ok: false,
      message: REQUEST_NOT_PENDING,
    });
  });
});
