import { beforeAll, describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { setupRealApi } from '../testing/real-api.ts';
import {
  acceptEventRequest,
  cancelEventRequest,
  createEvent,
  deleteEvent,
  getEvent,
  getEventChoices,
  inviteToEvent,
  leaveEvent,
  listEventMembers,
  listEvents,
  listEventsILead,
  listMyEvents,
  rejectEventRequest,
  requestToJoinEvent,
  rsvpEvent,
  updateEvent,
  type EventInput,
} from './events.ts';

// The web client's event reads and membership calls (what /events, /events/{id}, the event form
// and /dashboard/events call) against the real api-server over loopback HTTP, on a fresh copy
// of the demo data: the demo user leads "Board game night" and "Photography walk by the river"
// (approval needed, two requests pending); Alice, Bob, Carol, Dave and Erin are demo's friends,
// Frank and Grace are not.

const api = setupRealApi();
let demo: string, alice: string, frank: string, bob: string;
let aliceId: number, bobId: number, frankId: number;

beforeAll(async () => {
  // One after another: the first token registers the test client.
  demo = await api.tokenOf('demo@example.com');
  alice = await api.tokenOf('alice@example.com');
  frank = await api.tokenOf('frank@example.com');
  bob = await api.tokenOf('bob@example.com');
  aliceId = await api.userId('alice@example.com');
  bobId = await api.userId('bob@example.com');
  frankId = await api.userId('frank@example.com');
});

const input = (over: Partial<EventInput> = {}): EventInput => ({
  title: 'Sommerfest',
  description: 'Grillen im Hof',
  categoryId: 0,
  startTime: '2031-03-29 20:00:00',
  endTime: '2031-03-30 03:30:00',
  timeZone: 'Europe/Berlin',
  host: 'Demo',
  location: 'Hof',
  searchable: true,
  guestsMayInvite: false,
  approval: true,
  authView: 'everyone',
  authComment: 'everyone',
  authPhoto: 'everyone',
  ...over,
});

describe('listEvents and listMyEvents (GET /events, /events/my)', () => {
  it('upcoming by default with instants, zone and the reader’s answer; past ones on request', async () => {
    const upcoming = await listEvents(demo, { limit: 50 });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((e) => e.end >= Date.now() - 60_000)).toBe(true);
    const board = upcoming.find((e) => e.title === 'Board game night')!;
    expect(board).toMatchObject({ timeZone: 'America/New_York', rsvp: 'attending', can: { edit: true } });
    expect(new Date(board.start).getTime()).toBeGreaterThan(Date.now());
    const past = await listEvents(demo, { when: 'past', limit: 50 });
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((e) => e.end < Date.now())).toBe(true);
  });

  it('filters by keywords; my events and those I lead', async () => {
    expect((await listEvents(demo, { keywords: 'board game' })).map((e) => e.title)).toContain('Board game night');
    expect(await listEvents(demo, { keywords: 'zzzz-nothing' })).toEqual([]);
    const lead = await listMyEvents(demo, { lead: true, limit: 50 });
    expect(lead.length).toBeGreaterThan(0);
    expect(lead.every((e) => e.can.edit)).toBe(true);
  });
});

describe('an event’s life: create, read, edit, membership, delete', () => {
  it('creates in Europe/Berlin: the instants are the Berlin wall times; edits keep what they send', async () => {
    const id = await createEvent(demo, input());
    const e = (await getEvent(demo, id))!;
    expect(e).toMatchObject({
      title: 'Sommerfest',
      timeZone: 'Europe/Berlin',
      rsvp: 'attending',
      settings: { approval: true, guestsMayInvite: false },
    });
    // Berlin switches to summer time in the night of 30 March 2031: the start is UTC+1, the end UTC+2.
    expect(e.start).toBe(Date.UTC(2031, 2, 29, 19, 0));
    expect(e.end).toBe(Date.UTC(2031, 2, 30, 1, 30));
    expect(e.counts).toMatchObject({ attending: 1, requested: 0 });
    await updateEvent(demo, id, input({ title: 'Sommerfest 2', location: 'Garten' }));
    expect(await getEvent(demo, id)).toMatchObject({ title: 'Sommerfest 2', location: 'Garten' });
    await deleteEvent(demo, id);
    expect(await getEvent(demo, id)).toBeUndefined();
  });

  it('an end before the start is refused on end_time, nothing created', async () => {
    const e = await failure(createEvent(demo, input({ title: 'Backwards', endTime: '2031-03-29 19:00:00' })));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toContain('end_time');
    expect(await listMyEvents(demo, { keywords: 'Backwards' })).toEqual([]);
  });

  it('request, cancel, request again, accept: the counts follow; a rejected one is gone', async () => {
    const id = await createEvent(demo, input({ title: 'Approval party' }));
    expect((await getEvent(alice, id))!.can).toMatchObject({ request: true, join: false });
    await requestToJoinEvent(alice, id);
    expect(await getEvent(alice, id)).toMatchObject({ rsvp: 'requested', can: { cancel: true, request: false } });
    await cancelEventRequest(alice, id);
    expect((await getEvent(alice, id))!.rsvp).toBeNull();
    await requestToJoinEvent(alice, id);
    await requestToJoinEvent(frank, id);
    expect((await getEvent(demo, id))!.counts.requested).toBe(2);
    expect((await listEventMembers(demo, id, 'requested')).map((m) => m.id).sort()).toEqual([aliceId, frankId].sort());
    expect((await failure(listEventMembers(alice, id, 'requested'))).status).toBe(403);
    await acceptEventRequest(demo, id, aliceId);
    await rejectEventRequest(demo, id, frankId);
    const after = (await getEvent(demo, id))!;
    expect(after.counts).toMatchObject({ attending: 2, requested: 0 });
    expect((await listEventMembers(demo, id, 'attending')).map((m) => m.id)).toContain(aliceId);
    expect((await getEvent(frank, id))!.rsvp).toBeNull();
    // A second accept of the same person is refused (no pending request any more).
    expect((await failure(acceptEventRequest(demo, id, aliceId))).status).toBe(403);
  });

  it('invite friends at once; the invited one answers maybe, then attending, then leaves', async () => {
    const id = await createEvent(demo, input({ title: 'Invite party', approval: false }));
    await inviteToEvent(demo, id, [aliceId, bobId]);
    expect((await listEventMembers(demo, id, 'awaiting_reply')).map((m) => m.id).sort()).toEqual([aliceId, bobId].sort());
    expect(await getEvent(bob, id)).toMatchObject({ rsvp: 'awaiting_reply', can: { join: true } });
    await rsvpEvent(bob, id, 'maybe_attending');
    expect((await getEvent(demo, id))!.counts).toMatchObject({ maybe: 1, awaitingReply: 1 });
    await rsvpEvent(bob, id, 'attending');
    expect((await getEvent(demo, id))!.counts).toMatchObject({ attending: 2, maybe: 0 });
    await leaveEvent(bob, id);
    expect(await getEvent(bob, id)).toMatchObject({ rsvp: null, can: { leave: false } });
    // Frank is not demo's friend.
    expect((await failure(inviteToEvent(demo, id, [frankId]))).status).toBe(400);
  });

  it('the organiser’s table counts each answer and pending requests', async () => {
    const led = await listEventsILead(demo);
    const walk = led.find((e) => e.title === 'Photography walk by the river')!;
    expect(walk.counts).toMatchObject({ requested: 2 });
    expect(led.every((e) => e.end >= Date.now() - 60_000)).toBe(true);
  });

  it('a stranger cannot edit or delete; a missing event is undefined', async () => {
    const id = (await listMyEvents(demo, { lead: true }))[0]!.id;
    expect((await failure(updateEvent(frank, id, input()))).status).toBe(403);
    expect((await failure(deleteEvent(frank, id))).status).toBe(403);
    expect(await getEvent(demo, 99_999_999)).toBeUndefined();
  });

  it('the form’s choices', async () => {
    const c = await getEventChoices(demo);
    expect(c.categories.length).toBeGreaterThan(0);
    expect(c.view.map((o) => o.id)).toContain('everyone');
    expect(c.photo.length).toBeGreaterThan(0);
  });
});
