import { describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { eventInput } from '../testing/event-input.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
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
  readEventCalendar,
  rejectEventRequest,
  requestToJoinEvent,
  rsvpEvent,
  updateEvent,
} from './events.ts';

// The web client's event reads and membership calls (what /events, /events/{id}, the event form
// and /dashboard/events call) against the real api-server over loopback HTTP, on a fresh copy
// of the demo data: the demo user leads "Board game night" and "Photography walk by the river"
// (approval needed, two requests pending); Alice, Bob, Carol, Dave and Erin are demo's friends,
// Frank and Grace are not.

const api = setupRealApi();
const { demo, alice, bob, frank } = membersOf(api, ['demo', 'alice', 'bob', 'frank']);

describe('listEvents and listMyEvents (GET /events, /events/my)', () => {
  it('upcoming by default with instants, zone and the reader’s answer; past ones on request', async () => {
    const upcoming = await listEvents(demo.token, { limit: 50 });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((e) => e.end >= Date.now() - 60_000)).toBe(true);
    const board = upcoming.find((e) => e.title === 'Board game night')!;
    expect(board).toMatchObject({ timeZone: 'America/New_York', rsvp: 'attending', can: { edit: true } });
    expect(new Date(board.start).getTime()).toBeGreaterThan(Date.now());
    const past = await listEvents(demo.token, { when: 'past', limit: 50 });
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((e) => e.end < Date.now())).toBe(true);
  });

  it('filters by keywords; my events and those I lead', async () => {
    expect((await listEvents(demo.token, { keywords: 'board game' })).map((e) => e.title)).toContain('Board game night');
    expect(await listEvents(demo.token, { keywords: 'zzzz-nothing' })).toEqual([]);
    const lead = await listMyEvents(demo.token, { lead: true, limit: 50 });
    expect(lead.length).toBeGreaterThan(0);
    expect(lead.every((e) => e.can.edit)).toBe(true);
  });
});

describe('readEventCalendar (GET /events/calendar)', () => {
  it("places the reader's events on their days in the reader's zone: the grid's few fields, or a day's list items", async () => {
    const board = (await listEvents(demo.token, { keywords: 'Board game night' }))[0]!;
    const zone = 'Asia/Tokyo';
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      board.start,
    );
    const grid = (await readEventCalendar(demo.token, { from: date, to: date, zone, perDay: 1, keywords: 'Board game night' }))!;
    expect(grid.capped).toBe(false);
    expect(grid.days).toEqual([
      {
        date,
        total: 1,
        events: [{ id: board.id, title: 'Board game night', timeZone: board.timeZone, start: board.start, end: board.end }],
      },
    ]);
    const day = (await readEventCalendar(demo.token, { from: date, to: date, zone, perDay: 10 }, true))!;
    expect(day.days[0]!.events.find((e) => e.id === board.id)).toMatchObject({
      title: 'Board game night',
      rsvp: 'attending',
      can: { edit: true },
    });
    // The day before, in that zone, does not hold it.
    const before = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const earlier = (await readEventCalendar(demo.token, { from: before, to: before, zone, perDay: 10 }))!;
    expect(earlier.days.flatMap((d) => d.events).some((e) => e.id === board.id)).toBe(false);
  });

  it('a span longer than six weeks is refused naming `to`', async () => {
    const refused = await readEventCalendar(demo.token, { from: '2031-01-01', to: '2031-03-01', zone: 'UTC', perDay: 2 }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 400, fieldErrors: { to: expect.any(String) } });
  });
});

describe('an event’s life: create, read, edit, membership, delete', () => {
  it('creates in Europe/Berlin: the instants are the Berlin wall times; edits keep what they send', async () => {
    const id = await createEvent(demo.token, eventInput());
    const e = (await getEvent(demo.token, id))!;
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
    await updateEvent(demo.token, id, eventInput({ title: 'Sommerfest 2', location: 'Garten' }));
    expect(await getEvent(demo.token, id)).toMatchObject({ title: 'Sommerfest 2', location: 'Garten' });
    await deleteEvent(demo.token, id);
    expect(await getEvent(demo.token, id)).toBeUndefined();
  });

  it('an end before the start is refused on end_time, nothing created', async () => {
    const e = await failure(createEvent(demo.token, eventInput({ title: 'Backwards', endTime: '2031-03-29 19:00:00' })));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toContain('end_time');
    expect(await listMyEvents(demo.token, { keywords: 'Backwards' })).toEqual([]);
  });

  it('request, cancel, request again, accept: the counts follow; a rejected one is gone', async () => {
    const id = await createEvent(demo.token, eventInput({ title: 'Approval party' }));
    expect((await getEvent(alice.token, id))!.can).toMatchObject({ request: true, join: false });
    await requestToJoinEvent(alice.token, id);
    expect(await getEvent(alice.token, id)).toMatchObject({ rsvp: 'requested', can: { cancel: true, request: false } });
    await cancelEventRequest(alice.token, id);
    expect((await getEvent(alice.token, id))!.rsvp).toBeNull();
    await requestToJoinEvent(alice.token, id);
    await requestToJoinEvent(frank.token, id);
    expect((await getEvent(demo.token, id))!.counts.requested).toBe(2);
    expect((await listEventMembers(demo.token, id, 'requested')).map((m) => m.id).sort()).toEqual([alice.id, frank.id].sort());
    expect((await failure(listEventMembers(alice.token, id, 'requested'))).status).toBe(403);
    await acceptEventRequest(demo.token, id, alice.id);
    await rejectEventRequest(demo.token, id, frank.id);
    const after = (await getEvent(demo.token, id))!;
    expect(after.counts).toMatchObject({ attending: 2, requested: 0 });
    expect((await listEventMembers(demo.token, id, 'attending')).map((m) => m.id)).toContain(alice.id);
    expect((await getEvent(frank.token, id))!.rsvp).toBeNull();
    // A second accept of the same person is refused (no pending request any more).
    expect((await failure(acceptEventRequest(demo.token, id, alice.id))).status).toBe(403);
  });

  it('invite friends at once; the invited one answers maybe, then attending, then leaves', async () => {
    const id = await createEvent(demo.token, eventInput({ title: 'Invite party', approval: false }));
    await inviteToEvent(demo.token, id, [alice.id, bob.id]);
    expect((await listEventMembers(demo.token, id, 'awaiting_reply')).map((m) => m.id).sort()).toEqual([alice.id, bob.id].sort());
    expect(await getEvent(bob.token, id)).toMatchObject({ rsvp: 'awaiting_reply', can: { join: true } });
    await rsvpEvent(bob.token, id, 'maybe_attending');
    expect((await getEvent(demo.token, id))!.counts).toMatchObject({ maybe: 1, awaitingReply: 1 });
    await rsvpEvent(bob.token, id, 'attending');
    expect((await getEvent(demo.token, id))!.counts).toMatchObject({ attending: 2, maybe: 0 });
    await leaveEvent(bob.token, id);
    expect(await getEvent(bob.token, id)).toMatchObject({ rsvp: null, can: { leave: false } });
    // Frank is not demo's friend.
    expect((await failure(inviteToEvent(demo.token, id, [frank.id]))).status).toBe(400);
  });

  it('the organiser’s table counts each answer and pending requests', async () => {
    const led = await listEventsILead(demo.token);
    const walk = led.find((e) => e.title === 'Photography walk by the river')!;
    expect(walk.counts).toMatchObject({ requested: 2 });
    expect(led.every((e) => e.end >= Date.now() - 60_000)).toBe(true);
  });

  it('a stranger cannot edit or delete; a missing event is undefined', async () => {
    const id = (await listMyEvents(demo.token, { lead: true }))[0]!.id;
    expect((await failure(updateEvent(frank.token, id, eventInput()))).status).toBe(403);
    expect((await failure(deleteEvent(frank.token, id))).status).toBe(403);
    expect(await getEvent(demo.token, 99_999_999)).toBeUndefined();
  });

  it('the form’s choices', async () => {
    const c = await getEventChoices(demo.token);
    expect(c.categories.length).toBeGreaterThan(0);
    expect(c.view.map((o) => o.id)).toContain('everyone');
    expect(c.photo.length).toBeGreaterThan(0);
  });
});
