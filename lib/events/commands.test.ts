import { describe, expect, it } from 'vitest';
import { eventInput } from '../testing/event-input.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { cancelEventRequest, createEvent, requestToJoinEvent } from '../social-api/events.ts';
import { decideEventRequestCommand, REQUEST_NOT_PENDING } from './commands.ts';

// The organiser's answer to a request to join (what components/events/actions.ts runs for the
// signed-in person) against the real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice, bob } = membersOf(api, ['demo', 'alice', 'bob']);

describe('decideEventRequestCommand', () => {
  it('a request withdrawn since the page was read is answered as no longer pending, whether or not others still are', async () => {
    const id = await createEvent(demo.token, eventInput({ title: 'Supper club', description: 'Six seats.', location: 'Kitchen' }));
    await requestToJoinEvent(alice.token, id);
    await requestToJoinEvent(bob.token, id);
    await cancelEventRequest(bob.token, id);
    // Alice's request is still pending: Bob's alone is gone.
    expect(await decideEventRequestCommand(demo.token, { id, userId: bob.id, accept: true })).toEqual({
      ok: false,
      message: REQUEST_NOT_PENDING,
    });
    expect(await decideEventRequestCommand(demo.token, { id, userId: alice.id, accept: true })).toEqual({
      ok: true,
      message: 'Accepted.',
      data: undefined,
    });
    // No request is left pending at all.
    expect(await decideEventRequestCommand(demo.token, { id, userId: bob.id, accept: false })).toEqual({
      ok: false,
      message: REQUEST_NOT_PENDING,
    });
    expect(await decideEventRequestCommand(demo.token, { id, userId: alice.id, accept: true })).toEqual({
      ok: false,
      message: REQUEST_NOT_PENDING,
    });
  });
});
