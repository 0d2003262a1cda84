import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';
import { addMember, DAY, makeEvent, rsvpOf } from './event-fixtures.ts';

const t = setupApi();
let clientToken: string;

interface Person {
  id: number;
  token: string;
}
async function person(): Promise<Person> {
  const id = (await createUser(t.db)).id;
  return { id, token: await tokenFor(t.db, id) };
}

let owner: Person;
beforeAll(async () => {
  clientToken = await tokenFor(t.db, null);
  owner = await person();
});

const action = (id: number, name: string) => `/api/v1/events/${id}/${name}`;
const FLAGS = 'can_join,can_request,can_cancel,can_leave,can_accept,can_reject,can_invite,can_compose';
const flags = async (p: Person | string, id: number) =>
  (await get(t, typeof p === 'string' ? p : p.token, `/api/v1/events/${id}`, { fields: FLAGS })).body.data;
const counts = async (id: number) =>
  (
    await get(t, owner.token, `/api/v1/events/${id}`, {
      fields: 'total_member,attending_count,maybe_count,not_attending_count,awaiting_reply_count',
    })
  ).body.data;
/** The user's notifications as GET /activities/notifications lists them: [type, who, event id]. */
const notificationsOf = async (p: Person) =>
  (
    (await get(t, p.token, '/api/v1/activities/notifications')).body.data as Array<{
      type: string;
      owner: { id: number };
      item: { type: string; id: number };
    }>
  ).map((n) => [n.type, n.owner.id, n.item.type, n.item.id]);
const none = {
  can_join: false,
  can_request: false,
  can_cancel: false,
  can_leave: false,
  can_accept: false,
  can_reject: false,
  can_invite: false,
  can_compose: false,
};

describe('POST /events/{id}/join', () => {
  it('lets anyone who sees an open event join it: attending by default, with the flags and counts following', async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    expect(await flags(guest, id)).toEqual({ ...none, can_join: true });
    const res = await post(t, guest.token, action(id, 'join'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await rsvpOf(t.db, id, guest.id)).toBe('attending');
    expect(await flags(guest, id)).toEqual({ ...none, can_leave: true, can_invite: true });
    expect(await counts(id)).toEqual({
      total_member: 2,
      attending_count: 2,
      maybe_count: 0,
      not_attending_count: 0,
      awaiting_reply_count: 0,
    });
  });

  it("takes rsvp maybe_attending or not_attending, and changes a member's answer", async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    await post(t, guest.token, action(id, 'join'), { rsvp: 'maybe_attending' });
    expect(await rsvpOf(t.db, id, guest.id)).toBe('maybe_attending');
    expect(await counts(id)).toMatchObject({ attending_count: 1, maybe_count: 1 });
    expect((await flags(guest, id)).can_compose).toBe(false);
    expect((await post(t, guest.token, action(id, 'join'), { rsvp: 'not_attending' })).status).toBe(200);
    expect(await counts(id)).toMatchObject({ attending_count: 1, maybe_count: 0, not_attending_count: 1 });
    expect(await flags(guest, id)).toEqual({ ...none, can_leave: true, can_invite: true });
    await post(t, guest.token, action(id, 'join'), { rsvp: 'attending' });
    expect(await counts(id)).toMatchObject({ total_member: 2, attending_count: 2, not_attending_count: 0 });
  });

  it('refuses an unknown rsvp with 400 naming it', async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    const res = await post(t, guest.token, action(id, 'join'), { rsvp: 'awaiting_reply' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('rsvp');
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
  });

  it('lets the owner change their own answer', async () => {
    const id = await makeEvent(t.db, owner.id);
    expect((await post(t, owner.token, action(id, 'join'), { rsvp: 'maybe_attending' })).status).toBe(200);
    expect(await counts(id)).toMatchObject({ total_member: 0, maybe_count: 1 });
  });

  it('answers 403 on an event that needs approval, and nothing changes', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    expect((await flags(guest, id)).can_join).toBe(false);
    expect((await post(t, guest.token, action(id, 'join'))).status).toBe(403);
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
  });

  it('answers 403 on an event that has ended, even to members changing their answer', async () => {
    const t0 = now();
    const id = await makeEvent(t.db, owner.id, { start: t0 - 2 * DAY, end: t0 - DAY });
    const guest = await person();
    const member = await person();
    await addMember(t.db, id, member.id, 'maybe_attending');
    expect(await flags(guest, id)).toEqual(none);
    expect(await flags(member, id)).toEqual({ ...none, can_leave: true });
    expect((await post(t, guest.token, action(id, 'join'))).status).toBe(403);
    expect((await post(t, member.token, action(id, 'join'), { rsvp: 'attending' })).status).toBe(403);
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
    expect(await rsvpOf(t.db, id, member.id)).toBe('maybe_attending');
  });

  it("answers 404 to someone the event's privacy keeps out, and 403 to a client-credentials token", async () => {
    const id = await makeEvent(t.db, owner.id, { auth_view: 'owner_member' });
    const guest = await person();
    expect((await post(t, guest.token, action(id, 'join'))).status).toBe(404);
    const open = await makeEvent(t.db, owner.id);
    expect(await flags(clientToken, open)).toEqual(none);
    expect((await post(t, clientToken, action(open, 'join'))).status).toBe(403);
    expect((await post(t, guest.token, action(999999, 'join'))).status).toBe(404);
  });

  it('answers 403 insufficient_scope without the events scope', async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    const res = await post(t, await tokenFor(t.db, guest.id, ['basic']), action(id, 'join'));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});

describe('POST /events/{id}/leave', () => {
  it('lets a member leave: the row goes, the counts drop and they may join again', async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    await post(t, guest.token, action(id, 'join'));
    const res = await post(t, guest.token, action(id, 'leave'));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toEqual(expect.any(String));
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
    expect(await counts(id)).toMatchObject({ total_member: 1 });
    expect(await flags(guest, id)).toEqual({ ...none, can_join: true });
  });

  it('leaving twice answers 403 the second time', async () => {
    const id = await makeEvent(t.db, owner.id);
    const guest = await person();
    await post(t, guest.token, action(id, 'join'));
    await post(t, guest.token, action(id, 'leave'));
    expect((await post(t, guest.token, action(id, 'leave'))).status).toBe(403);
  });

  it('the owner cannot leave: 403, and they stay attending', async () => {
    const id = await makeEvent(t.db, owner.id);
    expect((await flags(owner, id)).can_leave).toBe(false);
    expect((await post(t, owner.token, action(id, 'leave'))).status).toBe(403);
    expect(await rsvpOf(t.db, id, owner.id)).toBe('attending');
  });

  it('someone only invited or asking has nothing to leave (403)', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const invited = await person();
    const asking = await person();
    await addMember(t.db, id, invited.id, 'awaiting_reply', owner.id);
    await addMember(t.db, id, asking.id, 'requested');
    expect((await post(t, invited.token, action(id, 'leave'))).status).toBe(403);
    expect((await post(t, asking.token, action(id, 'leave'))).status).toBe(403);
    expect(await rsvpOf(t.db, id, invited.id)).toBe('awaiting_reply');
    expect(await rsvpOf(t.db, id, asking.id)).toBe('requested');
  });
});

describe('POST /events/{id}/request and /cancel', () => {
  it('asks to join an event that needs approval; the request waits for the owner', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    expect(await flags(guest, id)).toEqual({ ...none, can_request: true });
    expect(await flags(owner, id)).toMatchObject({ can_accept: false, can_reject: false });
    const res = await post(t, guest.token, action(id, 'request'));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toEqual(expect.any(String));
    expect(await rsvpOf(t.db, id, guest.id)).toBe('requested');
    expect(await flags(guest, id)).toEqual({ ...none, can_cancel: true });
    expect(await flags(owner, id)).toMatchObject({ can_accept: true, can_reject: true });
    expect(await counts(id)).toEqual({
      total_member: 1,
      attending_count: 1,
      maybe_count: 0,
      not_attending_count: 0,
      awaiting_reply_count: 0,
    });
  });

  it('asking twice answers 403; asking where no approval is needed answers 403', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    expect((await post(t, guest.token, action(id, 'request'))).status).toBe(403);
    const open = await makeEvent(t.db, owner.id);
    expect((await flags(guest, open)).can_request).toBe(false);
    expect((await post(t, guest.token, action(open, 'request'))).status).toBe(403);
    expect(await rsvpOf(t.db, open, guest.id)).toBeUndefined();
  });

  it('the owner and members cannot ask (403)', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const member = await person();
    await addMember(t.db, id, member.id, 'attending');
    expect((await post(t, owner.token, action(id, 'request'))).status).toBe(403);
    expect((await post(t, member.token, action(id, 'request'))).status).toBe(403);
    expect(await rsvpOf(t.db, id, member.id)).toBe('attending');
  });

  it('cancels my pending request; cancelling without one answers 403', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    const res = await post(t, guest.token, action(id, 'cancel'));
    expect(res.status).toBe(200);
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
    expect(await flags(guest, id)).toEqual({ ...none, can_request: true });
    expect(await flags(owner, id)).toMatchObject({ can_accept: false, can_reject: false });
    expect((await post(t, guest.token, action(id, 'cancel'))).status).toBe(403);
  });

  it('asking tells the owner (event_request); cancelling withdraws it; asking again after a rejection tells once', async () => {
    const host = await person();
    const id = await makeEvent(t.db, host.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    expect(await notificationsOf(host)).toEqual([['event_request', guest.id, 'event', id]]);
    await post(t, guest.token, action(id, 'cancel'));
    expect(await notificationsOf(host)).toEqual([]);
    await post(t, guest.token, action(id, 'request'));
    await post(t, host.token, action(id, 'reject'), { user_id: guest.id });
    expect(await notificationsOf(host)).toEqual([['event_request', guest.id, 'event', id]]);
    await post(t, guest.token, action(id, 'request'));
    expect(await notificationsOf(host)).toEqual([['event_request', guest.id, 'event', id]]);
    expect(await notificationsOf(guest)).toEqual([]);
  });

  it('an event that has ended takes no requests (403)', async () => {
    const t0 = now();
    const id = await makeEvent(t.db, owner.id, { approval: 1, start: t0 - 2 * DAY, end: t0 - DAY });
    const guest = await person();
    expect((await flags(guest, id)).can_request).toBe(false);
    expect((await post(t, guest.token, action(id, 'request'))).status).toBe(403);
  });
});

describe('POST /events/{id}/accept and /reject', () => {
  it('the owner accepts a request: the person is attending', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    const res = await post(t, owner.token, action(id, 'accept'), { user_id: guest.id });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toEqual(expect.any(String));
    expect(await rsvpOf(t.db, id, guest.id)).toBe('attending');
    expect(await flags(guest, id)).toEqual({ ...none, can_leave: true, can_invite: true });
    expect(await flags(owner, id)).toMatchObject({ can_accept: false, can_reject: false });
    expect(await counts(id)).toMatchObject({ total_member: 2 });
  });

  it('accepting again, with no request pending, answers 403 and changes nothing', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    await post(t, owner.token, action(id, 'accept'), { user_id: guest.id });
    await post(t, guest.token, action(id, 'join'), { rsvp: 'maybe_attending' });
    expect((await post(t, owner.token, action(id, 'accept'), { user_id: guest.id })).status).toBe(403);
    expect(await rsvpOf(t.db, id, guest.id)).toBe('maybe_attending');
  });

  it('only the owner accepts or rejects (403 for anyone else, the request stays)', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    const member = await person();
    await addMember(t.db, id, member.id, 'attending');
    await post(t, guest.token, action(id, 'request'));
    expect(await flags(member, id)).toMatchObject({ can_accept: false, can_reject: false });
    expect((await post(t, member.token, action(id, 'accept'), { user_id: guest.id })).status).toBe(403);
    expect((await post(t, member.token, action(id, 'reject'), { user_id: guest.id })).status).toBe(403);
    expect((await post(t, guest.token, action(id, 'accept'), { user_id: guest.id })).status).toBe(403);
    expect(await rsvpOf(t.db, id, guest.id)).toBe('requested');
  });

  it('naming someone with no pending request while others wait answers 400 naming user_id', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    const member = await person();
    await addMember(t.db, id, member.id, 'maybe_attending');
    await post(t, guest.token, action(id, 'request'));
    for (const name of ['accept', 'reject']) {
      const res = await post(t, owner.token, action(id, name), { user_id: member.id });
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name: 'user_id', error_text: 'invalid_parameter' });
    }
    expect(await rsvpOf(t.db, id, member.id)).toBe('maybe_attending');
    const missing = await post(t, owner.token, action(id, 'accept'));
    expect(missing.status).toBe(400);
    expect(missing.body.data.error_params[0]).toMatchObject({ name: 'user_id', error_text: 'missing_parameter' });
  });

  it('the owner rejects a request: it goes, and the person may ask again', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const guest = await person();
    await post(t, guest.token, action(id, 'request'));
    const res = await post(t, owner.token, action(id, 'reject'), { user_id: guest.id });
    expect(res.status).toBe(200);
    expect(await rsvpOf(t.db, id, guest.id)).toBeUndefined();
    expect(await flags(guest, id)).toEqual({ ...none, can_request: true });
    expect((await post(t, owner.token, action(id, 'reject'), { user_id: guest.id })).status).toBe(403);
  });
});

describe('POST /events/{id}/invite', () => {
  it('the owner invites friends: they await a reply, may join even where approval is needed, and join to accept', async () => {
    const id = await makeEvent(t.db, owner.id, { approval: 1 });
    const a = await person();
    const b = await person();
    await befriend(t.db, owner.id, a.id);
    await befriend(t.db, owner.id, b.id);
    const res = await post(t, owner.token, action(id, 'invite'), { user_ids: `${a.id}, ${b.id}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: '2 people were invited.' } });
    expect(await rsvpOf(t.db, id, a.id)).toBe('awaiting_reply');
    expect(await counts(id)).toMatchObject({ awaiting_reply_count: 2, total_member: 1 });
    expect(await flags(a, id)).toEqual({ ...none, can_join: true });
    expect((await post(t, a.token, action(id, 'join'))).status).toBe(200);
    expect(await rsvpOf(t.db, id, a.id)).toBe('attending');
    // Declining is answering not_attending.
    expect((await post(t, b.token, action(id, 'join'), { rsvp: 'not_attending' })).status).toBe(200);
    expect(await counts(id)).toMatchObject({ awaiting_reply_count: 0, attending_count: 2, not_attending_count: 1 });
    const row = await t.db
      .selectFrom('event_members')
      .select('invited_by')
      .where('event_id', '=', id)
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(owner.id);
  });

  it('tells each invited person (event_invite from the inviter), not those already in the event', async () => {
    const id = await makeEvent(t.db, owner.id);
    const a = await person();
    const b = await person();
    const member = await person();
    for (const p of [a, b, member]) await befriend(t.db, owner.id, p.id);
    await addMember(t.db, id, member.id, 'attending');
    await post(t, owner.token, action(id, 'invite'), { user_ids: `${a.id},${b.id},${member.id}` });
    expect(await notificationsOf(a)).toEqual([['event_invite', owner.id, 'event', id]]);
    expect(await notificationsOf(b)).toEqual([['event_invite', owner.id, 'event', id]]);
    expect(await notificationsOf(member)).toEqual([]);
  });

  it('leaves people already in the event as they are', async () => {
    const id = await makeEvent(t.db, owner.id);
    const a = await person();
    await befriend(t.db, owner.id, a.id);
    await addMember(t.db, id, a.id, 'maybe_attending');
    const res = await post(t, owner.token, action(id, 'invite'), { user_ids: String(a.id) });
    expect(res.body.data.message).toBe('0 people were invited.');
    expect(await rsvpOf(t.db, id, a.id)).toBe('maybe_attending');
  });

  it("refuses people who are not the inviter's friends (400 naming user_ids), inviting nobody", async () => {
    const id = await makeEvent(t.db, owner.id);
    const friend = await person();
    const stranger = await person();
    await befriend(t.db, owner.id, friend.id);
    const res = await post(t, owner.token, action(id, 'invite'), { user_ids: `${friend.id},${stranger.id}` });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'user_ids', error_text: 'invalid_parameter' });
    expect(await rsvpOf(t.db, id, friend.id)).toBeUndefined();
  });

  it('refuses a malformed or missing user_ids with 400 naming it', async () => {
    const id = await makeEvent(t.db, owner.id);
    for (const bad of ['abc', '1,,x', '-3', '0']) {
      const res = await post(t, owner.token, action(id, 'invite'), { user_ids: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.data.error_params[0].name).toBe('user_ids');
    }
    const missing = await post(t, owner.token, action(id, 'invite'));
    expect(missing.status).toBe(400);
    expect(missing.body.data.error_params[0]).toMatchObject({ name: 'user_ids', error_text: 'missing_parameter' });
  });

  it('a guest invites their friends when auth_invite=1', async () => {
    const id = await makeEvent(t.db, owner.id, { auth_invite: 1 });
    const guest = await person();
    const guestsFriend = await person();
    await befriend(t.db, guest.id, guestsFriend.id);
    await post(t, guest.token, action(id, 'join'));
    expect((await flags(guest, id)).can_invite).toBe(true);
    expect((await post(t, guest.token, action(id, 'invite'), { user_ids: String(guestsFriend.id) })).status).toBe(200);
    expect(await rsvpOf(t.db, id, guestsFriend.id)).toBe('awaiting_reply');
  });

  it('guests may not invite when auth_invite=0, nor may people who are not members (403, nobody invited)', async () => {
    const id = await makeEvent(t.db, owner.id, { auth_invite: 0 });
    const guest = await person();
    const outsider = await person();
    const friend = await person();
    await befriend(t.db, guest.id, friend.id);
    await befriend(t.db, outsider.id, friend.id);
    await post(t, guest.token, action(id, 'join'));
    expect((await flags(guest, id)).can_invite).toBe(false);
    expect((await post(t, guest.token, action(id, 'invite'), { user_ids: String(friend.id) })).status).toBe(403);
    const open = await makeEvent(t.db, owner.id, { auth_invite: 1 });
    expect((await flags(outsider, open)).can_invite).toBe(false);
    expect((await post(t, outsider.token, action(open, 'invite'), { user_ids: String(friend.id) })).status).toBe(403);
    expect(await rsvpOf(t.db, id, friend.id)).toBeUndefined();
    expect(await rsvpOf(t.db, open, friend.id)).toBeUndefined();
  });

  it("refuses to invite someone the event's privacy hides it from", async () => {
    const id = await makeEvent(t.db, owner.id, { auth_view: 'owner_member', auth_invite: 1 });
    const guest = await person();
    const guestsFriend = await person();
    await befriend(t.db, owner.id, guest.id);
    await befriend(t.db, guest.id, guestsFriend.id);
    await post(t, guest.token, action(id, 'join'));
    const res = await post(t, guest.token, action(id, 'invite'), { user_ids: String(guestsFriend.id) });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('user_ids');
    expect(await rsvpOf(t.db, id, guestsFriend.id)).toBeUndefined();
  });

  it('an event that has ended takes no invitations (403)', async () => {
    const t0 = now();
    const id = await makeEvent(t.db, owner.id, { start: t0 - 2 * DAY, end: t0 - DAY });
    const friend = await person();
    await befriend(t.db, owner.id, friend.id);
    expect((await flags(owner, id)).can_invite).toBe(false);
    expect((await post(t, owner.token, action(id, 'invite'), { user_ids: String(friend.id) })).status).toBe(403);
    expect(await rsvpOf(t.db, id, friend.id)).toBeUndefined();
  });
});
