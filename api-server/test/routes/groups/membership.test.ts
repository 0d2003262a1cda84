import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';
import { addToGroup, makeGroup, members, stateIn } from './group-fixtures.ts';

const t = setupApi();
let owner: Member, clientToken: string;

beforeAll(async () => {
  owner = await createMember(t.db, 'Alice Owner');
  clientToken = await tokenFor(t.db, null);
});

const G = '/api/v1/groups';
const act = (token: string, id: number, verb: string, body: Record<string, string | number> = {}) =>
  post(t, token, `${G}/${id}/${verb}`, body);
const FLAGS = 'membership,can_join,can_request,can_cancel,can_leave,can_accept,can_reject,can_invite';
const flags = async (token: string, id: number) => (await get(t, token, `${G}/${id}`, { fields: FLAGS })).body.data;
const none = {
  membership: null,
  can_join: false,
  can_request: false,
  can_cancel: false,
  can_leave: false,
  can_accept: false,
  can_reject: false,
  can_invite: false,
};
/** The member's notifications about groups: [type, who, group id] and what the list adds. */
const groupNotices = async (m: Member) =>
  (
    (await get(t, m.token, '/api/v1/activities/notifications')).body.data as Array<{
      type: string;
      owner: { id: number };
      item: { type: string; id: number; title: string };
      membership?: string | null;
      is_pending?: boolean;
      message?: string;
    }>
  )
    .filter((n) => n.item.type === 'group')
    .map((n) => ({
      type: n.type,
      by: n.owner.id,
      group: n.item.id,
      ...(n.membership !== undefined ? { membership: n.membership } : {}),
      ...(n.is_pending !== undefined ? { is_pending: n.is_pending } : {}),
      ...(n.message !== undefined ? { message: n.message } : {}),
    }));

function expectRefused(res: { status: number; body: { data: { error_text: string; message: string } } }, status = 403) {
  expect(res.status).toBe(status);
  expect(res.body.data.message).toEqual(expect.any(String));
}

describe('join and leave (a group that needs no approval)', () => {
  it('lets anyone signed in join and leave; the flags and count follow; the owner neither joins nor leaves', async () => {
    const id = await makeGroup(t.db, owner.id);
    const [guest] = await members(t.db, 1);
    expect(await flags(guest!.token, id)).toEqual({ ...none, can_join: true });
    const joined = await act(guest!.token, id, 'join');
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await flags(guest!.token, id)).toEqual({ ...none, membership: 'member', can_leave: true, can_invite: true });
    expect((await get(t, owner.token, `${G}/${id}`, { fields: 'total_member' })).body.data.total_member).toBe(2);
    expectRefused(await act(guest!.token, id, 'join'));
    expectRefused(await act(guest!.token, id, 'request'));
    expect((await act(guest!.token, id, 'leave')).status).toBe(200);
    expect(await stateIn(t.db, id, guest!.id)).toBeUndefined();
    expectRefused(await act(guest!.token, id, 'leave'));
    expectRefused(await act(owner.token, id, 'leave'));
    expectRefused(await act(owner.token, id, 'join'));
    expect(await stateIn(t.db, id, owner.id)).toBe('officer');
    expectRefused(await act(clientToken, id, 'join'));
  });

  it('is 404 for a group the reader may not see, and nothing is stored', async () => {
    const id = await makeGroup(t.db, owner.id, { auth_view: 'member' });
    const [guest] = await members(t.db, 1);
    expectRefused(await act(guest!.token, id, 'join'), 404);
    expectRefused(await act(guest!.token, id, 'request'), 404);
    expect(await stateIn(t.db, id, guest!.id)).toBeUndefined();
  });
});

describe('requests (a group that needs approval)', () => {
  it('request → the owner and officers are told → approve: a member, told; the flags follow each step', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const [officer, guest] = await members(t.db, 2);
    await addToGroup(t.db, id, officer!.id, 'officer');
    expect(await flags(guest!.token, id)).toEqual({ ...none, can_request: true });
    expectRefused(await act(guest!.token, id, 'join'));
    expect(await stateIn(t.db, id, guest!.id)).toBeUndefined();
    expect((await act(guest!.token, id, 'request')).status).toBe(200);
    expect(await flags(guest!.token, id)).toEqual({ ...none, membership: 'requested', can_cancel: true });
    expectRefused(await act(guest!.token, id, 'request'));
    for (const m of [owner, officer!]) {
      expect(await groupNotices(m)).toContainEqual({ type: 'group_request', by: guest!.id, group: id, is_pending: true });
    }
    const approved = await post(t, officer!.token, `${G}/approve_member`, { group_id: id, user_id: guest!.id });
    expect(approved.status).toBe(200);
    expect(await stateIn(t.db, id, guest!.id)).toBe('member');
    expect(await groupNotices(guest!)).toEqual([{ type: 'group_approve', by: officer!.id, group: id }]);
    expect(await groupNotices(owner)).toContainEqual({ type: 'group_request', by: guest!.id, group: id, is_pending: false });
    expect(await flags(guest!.token, id)).toEqual({ ...none, membership: 'member', can_leave: true, can_invite: true });
    // Twice: nothing pending any more.
    const again = await post(t, owner.token, `${G}/approve_member`, { group_id: id, user_id: guest!.id });
    expect(again.status).toBe(400);
    expect(again.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'user_id' }));
  });

  it('cancel withdraws the request and its notices; reject_member ends a request; a member may not approve', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const [member, guest] = await members(t.db, 2);
    await addToGroup(t.db, id, member!.id, 'member');
    await act(guest!.token, id, 'request');
    expect((await act(guest!.token, id, 'cancel')).status).toBe(200);
    expect(await stateIn(t.db, id, guest!.id)).toBeUndefined();
    expect((await groupNotices(owner)).filter((n) => n.group === id)).toEqual([]);
    expectRefused(await act(guest!.token, id, 'cancel'));
    await act(guest!.token, id, 'request');
    expectRefused(await post(t, member!.token, `${G}/approve_member`, { group_id: id, user_id: guest!.id }));
    expectRefused(await post(t, member!.token, `${G}/reject_member`, { group_id: id, user_id: guest!.id }));
    expect(await stateIn(t.db, id, guest!.id)).toBe('requested');
    expect((await post(t, owner.token, `${G}/reject_member`, { group_id: id, user_id: guest!.id })).status).toBe(200);
    expect(await stateIn(t.db, id, guest!.id)).toBeUndefined();
    expect(await flags(guest!.token, id)).toEqual({ ...none, can_request: true });
    const notPending = await post(t, owner.token, `${G}/reject_member`, { group_id: id, user_id: member!.id });
    expect(notPending.status).toBe(400);
    expect(await stateIn(t.db, id, member!.id)).toBe('member');
  });

  it('reject_member tells the sender (group_reject), with the officer’s message when there is one (at most 500 characters)', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1, title: 'Choir' });
    const [officer, first, second] = await members(t.db, 3);
    await addToGroup(t.db, id, officer!.id, 'officer');
    for (const m of [first!, second!]) await act(m.token, id, 'request');
    const tooLong = await post(t, officer!.token, `${G}/reject_member`, { group_id: id, user_id: first!.id, message: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'message' }));
    expect(await stateIn(t.db, id, first!.id)).toBe('requested');
    expect(await groupNotices(first!)).toEqual([]);

    const words = '  We are full until September: ask again then!  ';
    expect((await post(t, officer!.token, `${G}/reject_member`, { group_id: id, user_id: first!.id, message: words })).status).toBe(200);
    expect(await stateIn(t.db, id, first!.id)).toBeUndefined();
    expect(await groupNotices(first!)).toEqual([{ type: 'group_reject', by: officer!.id, group: id, message: words.trim() }]);
    const [grouped] = (await get(t, first!.token, '/api/v1/activities/notifications/groups', { types: 'group_reject' })).body.data;
    expect(grouped).toMatchObject({ type: 'group_reject', message: words.trim(), item: { type: 'group', id, title: 'Choir' } });

    // No message (or only spaces): told all the same, with no words.
    expect((await post(t, owner.token, `${G}/reject_member`, { group_id: id, user_id: second!.id, message: '   ' })).status).toBe(200);
    expect(await groupNotices(second!)).toEqual([{ type: 'group_reject', by: owner.id, group: id }]);
  });

  it('two officers approving at once: one approves, the other is told nothing waits; one member, one notice', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const [officer, guest] = await members(t.db, 2);
    await addToGroup(t.db, id, officer!.id, 'officer');
    await act(guest!.token, id, 'request');
    const answers = await Promise.all(
      [owner, officer!].map((m) => post(t, m.token, `${G}/approve_member`, { group_id: id, user_id: guest!.id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await stateIn(t.db, id, guest!.id)).toBe('member');
    expect((await groupNotices(guest!)).filter((n) => n.type === 'group_approve')).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('a member invites friends (not strangers); the invited see the group, are told, and accept or reject', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1, auth_view: 'member' });
    const [member, a, b, stranger] = await members(t.db, 4);
    await addToGroup(t.db, id, member!.id, 'member');
    for (const f of [a!, b!]) await befriend(t.db, member!.id, f.id);
    const candidates = await get(t, member!.token, `${G}/${id}/invite`);
    expect(candidates.status).toBe(200);
    expect(candidates.body.data.map((u: { id: number }) => u.id).sort()).toEqual([a!.id, b!.id].sort());
    const notFriend = await act(member!.token, id, 'invite', { user_ids: `${a!.id},${stranger!.id}` });
    expect(notFriend.status).toBe(400);
    expect(await stateIn(t.db, id, a!.id)).toBeUndefined();
    expectRefused(await act(member!.token, id, 'invite', { user_ids: 'x' }), 400);
    const res = await act(member!.token, id, 'invite', { user_ids: `${a!.id}, ${b!.id}, ${a!.id}` });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('2 people were invited.');
    expect((await get(t, member!.token, `${G}/${id}/invite`)).body.data).toEqual([]);
    expect(await groupNotices(a!)).toEqual([{ type: 'group_invite', by: member!.id, group: id, membership: 'invited' }]);
    expect(await flags(a!.token, id)).toEqual({ ...none, membership: 'invited', can_accept: true, can_reject: true });
    // An invitation is answered, not joined.
    expectRefused(await act(a!.token, id, 'join'));
    expect((await act(a!.token, id, 'accept')).status).toBe(200);
    expect(await stateIn(t.db, id, a!.id)).toBe('member');
    expect(await groupNotices(a!)).toEqual([{ type: 'group_invite', by: member!.id, group: id, membership: 'member' }]);
    expect((await act(b!.token, id, 'reject')).status).toBe(200);
    expect(await stateIn(t.db, id, b!.id)).toBeUndefined();
    // No longer invited to a members-only group: it is hidden again, and so is its notice.
    expect((await get(t, b!.token, `${G}/${id}`)).status).toBe(404);
    expect(await groupNotices(b!)).toEqual([]);
    expectRefused(await act(b!.token, id, 'accept'), 404);
    // Inviting someone already in it changes nothing.
    expect((await act(member!.token, id, 'invite', { user_ids: String(a!.id) })).body.data.message).toBe('0 people were invited.');
  });

  it('auth_invite=officer keeps members from inviting', async () => {
    const id = await makeGroup(t.db, owner.id, { auth_invite: 'officer' });
    const [member, friend] = await members(t.db, 2);
    await addToGroup(t.db, id, member!.id, 'member');
    await befriend(t.db, member!.id, friend!.id);
    await befriend(t.db, owner.id, friend!.id);
    expect((await flags(member!.token, id)).can_invite).toBe(false);
    expectRefused(await act(member!.token, id, 'invite', { user_ids: String(friend!.id) }));
    expectRefused(await get(t, member!.token, `${G}/${id}/invite`));
    expect(await stateIn(t.db, id, friend!.id)).toBeUndefined();
    expect((await act(owner.token, id, 'invite', { user_ids: String(friend!.id) })).status).toBe(200);
    expect(await stateIn(t.db, id, friend!.id)).toBe('invited');
  });
});

describe('GET /groups/members', () => {
  it('pages through the owner, the officers and the members alike at every page size', async () => {
    const id = await makeGroup(t.db, owner.id);
    const m = await members(t.db, 6);
    // Joined in this order: a member, an officer, two members, an officer, a member.
    const states = ['member', 'officer', 'member', 'member', 'officer', 'member'] as const;
    for (const [i, state] of states.entries()) await addToGroup(t.db, id, m[i]!.id, state);
    const whole = [owner.id, m[1]!.id, m[4]!.id, m[0]!.id, m[2]!.id, m[3]!.id, m[5]!.id];
    const page = async (limit: number, n: number) =>
      (await get(t, m[0]!.token, `${G}/members`, { group_id: id, limit, page: n })).body.data.map((u: { id: number }) => u.id);
    expect(await page(20, 1)).toEqual(whole);
    for (const limit of [1, 2, 3, 4]) {
      const pages: number[][] = [];
      for (let n = 1; n <= Math.ceil(whole.length / limit) + 1; n += 1) pages.push(await page(limit, n));
      expect(pages.flat()).toEqual(whole);
      expect(pages.at(-1)).toEqual([]);
    }
  });

  it('lists the owner, then officers, then members with their titles; keywords; waiting=1 for officers only', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const m = await members(t.db, 4);
    await addToGroup(t.db, id, m[0]!.id, 'member');
    await addToGroup(t.db, id, m[1]!.id, 'officer', 'Treasurer');
    await addToGroup(t.db, id, m[2]!.id, 'requested');
    await addToGroup(t.db, id, m[3]!.id, 'invited');
    const list = await get(t, m[0]!.token, `${G}/members`, { group_id: id });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { id: number; membership: string }) => [u.id, u.membership])).toEqual([
      [owner.id, 'owner'],
      [m[1]!.id, 'Treasurer'],
      [m[0]!.id, ''],
    ]);
    expect(list.body.data[0]).toMatchObject({ type: 'user', title: 'Alice Owner', imgs: expect.any(Object) });
    const named = await get(t, m[0]!.token, `${G}/members`, { group_id: id, keywords: 'alice' });
    expect(named.body.data.map((u: { id: number }) => u.id)).toEqual([owner.id]);
    expect(
      (await get(t, m[0]!.token, `${G}/members`, { group_id: id, limit: 1, page: 2 })).body.data.map((u: { id: number }) => u.id),
    ).toEqual([m[1]!.id]);
    expectRefused(await get(t, m[0]!.token, `${G}/members`, { group_id: id, waiting: 1 }));
    const waiting = await get(t, m[1]!.token, `${G}/members`, { group_id: id, waiting: 1 });
    expect(waiting.body.data.map((u: { id: number; waiting_type: string }) => [u.id, u.waiting_type])).toEqual([
      [m[2]!.id, 'requested'],
      [m[3]!.id, 'invited'],
    ]);
    const counts = await get(t, m[1]!.token, `${G}/${id}`, { fields: 'requested_count,invited_count' });
    expect(counts.body.data).toEqual({ requested_count: 1, invited_count: 1 });
    expect((await get(t, m[0]!.token, `${G}/${id}`, { fields: 'requested_count' })).body.data).toEqual({ requested_count: null });
    const hidden = await makeGroup(t.db, owner.id, { auth_view: 'member' });
    expectRefused(await get(t, m[0]!.token, `${G}/members`, { group_id: hidden }), 404);
  });
});

describe('DELETE /groups/member', () => {
  it('lets an officer remove a member or withdraw an invitation; an officer only by the owner; never the owner', async () => {
    const id = await makeGroup(t.db, owner.id);
    const [officer, other, member, invited] = await members(t.db, 4);
    await addToGroup(t.db, id, officer!.id, 'officer');
    await addToGroup(t.db, id, other!.id, 'officer');
    await addToGroup(t.db, id, member!.id, 'member');
    await addToGroup(t.db, id, invited!.id, 'invited');
    const q = (u: Member) => ({ group_id: id, user_id: u.id });
    expectRefused(await del(t, member!.token, `${G}/member`, q(invited!)));
    expect((await del(t, officer!.token, `${G}/member`, q(member!))).status).toBe(200);
    expect((await del(t, officer!.token, `${G}/member`, q(invited!))).status).toBe(200);
    expect(await stateIn(t.db, id, member!.id)).toBeUndefined();
    expect(await stateIn(t.db, id, invited!.id)).toBeUndefined();
    expectRefused(await del(t, officer!.token, `${G}/member`, q(other!)));
    expect(await stateIn(t.db, id, other!.id)).toBe('officer');
    expectRefused(await del(t, officer!.token, `${G}/member`, q(owner)));
    expectRefused(await del(t, owner.token, `${G}/member`, q(owner)));
    expectRefused(await del(t, officer!.token, `${G}/member`, q(member!)), 400);
    expect((await del(t, owner.token, `${G}/member`, q(other!))).status).toBe(200);
    expect(await stateIn(t.db, id, other!.id)).toBeUndefined();
    expect((await del(t, owner.token, `${G}/member`, { group_id: id })).status).toBe(400);
  });
});

describe('the owner: officers and adding friends (extensions)', () => {
  it('POST /groups/officer makes a member an officer with a title, who then manages members; DELETE /groups/officer undoes it', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const [member, guest] = await members(t.db, 2);
    await addToGroup(t.db, id, member!.id, 'member');
    await addToGroup(t.db, id, guest!.id, 'requested');
    expectRefused(await post(t, member!.token, `${G}/officer`, { group_id: id, user_id: member!.id }));
    expectRefused(await post(t, owner.token, `${G}/officer`, { group_id: id, user_id: guest!.id }), 400);
    expect((await post(t, owner.token, `${G}/officer`, { group_id: id, user_id: member!.id, title: 'Secretary' })).status).toBe(200);
    const staff = (await get(t, guest!.token, `${G}/${id}`, { fields: 'staff' })).body.data.staff;
    expect(staff.map((s: { id: number; membership: string }) => [s.id, s.membership])).toEqual([
      [owner.id, 'owner'],
      [member!.id, 'Secretary'],
    ]);
    expect((await flags(member!.token, id)).membership).toBe('officer');
    expect((await post(t, member!.token, `${G}/approve_member`, { group_id: id, user_id: guest!.id })).status).toBe(200);
    expect((await del(t, owner.token, `${G}/officer`, { group_id: id, user_id: member!.id })).status).toBe(200);
    expect(await stateIn(t.db, id, member!.id)).toBe('member');
    expectRefused(await del(t, owner.token, `${G}/officer`, { group_id: id, user_id: member!.id }), 400);
    expectRefused(await del(t, owner.token, `${G}/officer`, { group_id: id, user_id: owner.id }));
    expect(await stateIn(t.db, id, owner.id)).toBe('officer');
  });

  it('POST /groups/member adds a friend of the owner directly, who is told; not a stranger, not by a member', async () => {
    const id = await makeGroup(t.db, owner.id, { approval: 1 });
    const [friend, stranger, member] = await members(t.db, 3);
    await befriend(t.db, owner.id, friend!.id);
    await befriend(t.db, member!.id, friend!.id);
    await addToGroup(t.db, id, member!.id, 'member');
    expectRefused(await post(t, member!.token, `${G}/member`, { group_id: id, user_id: friend!.id }));
    expectRefused(await post(t, owner.token, `${G}/member`, { group_id: id, user_id: stranger!.id }), 400);
    expect(await stateIn(t.db, id, stranger!.id)).toBeUndefined();
    expect((await post(t, owner.token, `${G}/member`, { group_id: id, user_id: friend!.id })).status).toBe(200);
    expect(await stateIn(t.db, id, friend!.id)).toBe('member');
    expect(await groupNotices(friend!)).toEqual([{ type: 'group_add', by: owner.id, group: id }]);
    expectRefused(await post(t, owner.token, `${G}/member`, { group_id: id, user_id: friend!.id }), 400);
  });
});

describe('a join racing the deletion of the group', () => {
  it('leaves either no group or a group with the member: never a member of a deleted group', async () => {
    const id = await makeGroup(t.db, owner.id);
    const [guest] = await members(t.db, 1);
    const [joined, deleted] = await Promise.all([act(guest!.token, id, 'join'), del(t, owner.token, `${G}/${id}`)]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(joined.status);
    expect(await t.db.selectFrom('groups').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('group_members').select('user_id').where('group_id', '=', id).execute()).toEqual([]);
  });
});

describe('message members (POST /messages multi=group)', () => {
  it("lets the owner alone message the group's members at once, in a conversation nobody may answer", async () => {
    const id = await makeGroup(t.db, owner.id, { title: 'Rowing club', auth_view: 'member' });
    const [officer, member, waiting, invited] = await members(t.db, 4);
    await addToGroup(t.db, id, officer!.id, 'officer');
    await addToGroup(t.db, id, member!.id, 'member');
    await addToGroup(t.db, id, waiting!.id, 'requested');
    await addToGroup(t.db, id, invited!.id, 'invited');
    expect((await get(t, owner.token, `${G}/${id}`, { fields: 'can_message_members' })).body.data).toEqual({ can_message_members: true });
    const refused = await post(t, officer!.token, '/api/v1/messages', { multi: 'group', to: id, body: 'Hi all' });
    expect(refused.status).toBe(403);
    expect(refused.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'to' }));
    const sent = await post(t, owner.token, '/api/v1/messages', { multi: 'group', to: id, body: 'Training moves to 7' });
    expect(sent.status).toBe(200);
    for (const m of [officer!, member!]) {
      const [entry] = (await get(t, m.token, '/api/v1/messages/inbox')).body.data;
      expect(entry).toMatchObject({
        id: sent.body.data.id,
        title: 'Rowing club',
        participant: { type: 'group', id, title: 'Rowing club' },
      });
      const opened = await get(t, m.token, `/api/v1/messages/${sent.body.data.id}`);
      expect(opened.body.data).toMatchObject({ can_reply: false });
      expect((await post(t, m.token, `/api/v1/messages/${sent.body.data.id}/reply`, { body: 'OK' })).status).toBe(403);
    }
    for (const m of [waiting!, invited!]) expect((await get(t, m.token, '/api/v1/messages/inbox')).body.data).toEqual([]);
    const [stranger] = await members(t.db, 1);
    expect((await post(t, stranger!.token, '/api/v1/messages', { multi: 'group', to: id, body: 'x' })).status).toBe(404);
  });
});
