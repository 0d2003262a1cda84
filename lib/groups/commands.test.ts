import { describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { listNotificationGroups } from '../social-api/activities.ts';
import { changeGroupMembership, getGroup, listGroupMembers, listMyGroups } from '../social-api/groups.ts';
import type { GroupFormValues } from '../validations/group.ts';
import { groupMemberActionCommand, groupSelfActionCommand, NOT_WAITING, saveGroupCommand, searchGroupInviteesCommand } from './commands.ts';

// A group's commands (what components/groups/actions.ts runs for the signed-in person) against the
// real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice, bob } = membersOf(api, ['demo', 'alice', 'bob']);

const values = (v: Partial<GroupFormValues> = {}): GroupFormValues => ({
  title: 'Night walkers',
  description: 'Walks after dark.',
  categoryId: '',
  approval: true,
  searchable: true,
  authInvite: 'member',
  authView: 'everyone',
  authComment: 'member',
  authPhoto: 'member',
  authEvent: 'officer',
  ...v,
});

describe('saveGroupCommand', () => {
  it('creates a group with its settings, refuses a category that is not one on its field, and edits it', async () => {
    const created = await saveGroupCommand(demo.token, { values: values() });
    expect(created).toMatchObject({ ok: true, message: 'Your group was created.' });
    const id = created.ok ? created.data.id : 0;
    const group = await getGroup(demo.token, id);
    expect(group).toMatchObject({ title: 'Night walkers', membership: 'owner', members: 1 });
    expect(group!.settings).toMatchObject({ approval: true, authView: 'everyone', authEvent: 'officer', authInvite: 'member' });
    expect(group!.can).toMatchObject({ edit: true, delete: true, approve: true, leave: false });

    const refused = await saveGroupCommand(demo.token, { id, values: values({ categoryId: '999999' }) });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.fieldErrors?.categoryId).toBeTruthy();

    expect(await saveGroupCommand(demo.token, { id, values: values({ title: 'Night owls', authView: 'member' }) })).toMatchObject({
      ok: true,
      message: 'Your group was saved.',
    });
    expect(await getGroup(demo.token, id)).toMatchObject({ title: 'Night owls', settings: { authView: 'member' } });
    // A members-only group is hidden from someone outside it.
    expect(await getGroup(bob.token, id)).toBeUndefined();
  });
});

describe('membership commands', () => {
  it('a request is approved from the waiting list; one withdrawn meanwhile says so; the owner makes an officer who then leaves', async () => {
    const made = await saveGroupCommand(demo.token, { values: values({ title: 'Supper club' }) });
    const id = made.ok ? made.data.id : 0;
    expect(await groupSelfActionCommand(alice.token, { id, action: 'request' })).toMatchObject({ ok: true });
    expect(await getGroup(alice.token, id)).toMatchObject({ membership: 'requested', can: { cancel: true, request: false } });
    await changeGroupMembership(bob.token, id, 'request');
    await changeGroupMembership(bob.token, id, 'cancel');

    const waiting = await listGroupMembers(demo.token, id, { waiting: true });
    expect(waiting.map((m) => [m.id, m.waiting])).toEqual([[alice.id, 'requested']]);
    expect(await groupMemberActionCommand(demo.token, { id, userId: bob.id, action: 'approve' })).toEqual({
      ok: false,
      message: NOT_WAITING,
    });
    expect(await groupMemberActionCommand(demo.token, { id, userId: alice.id, action: 'approve' })).toMatchObject({ ok: true });
    // Someone who is not an officer may not approve anyone: the API's reason.
    expect(await groupMemberActionCommand(alice.token, { id, userId: bob.id, action: 'approve' })).toMatchObject({ ok: false });

    expect(await groupMemberActionCommand(demo.token, { id, userId: alice.id, action: 'promote' })).toMatchObject({ ok: true });
    const members = await listGroupMembers(alice.token, id);
    expect(members.map((m) => [m.id, m.title])).toEqual([
      [demo.id, 'owner'],
      [alice.id, 'officer'],
    ]);
    expect((await listMyGroups(alice.token, { lead: true })).map((g) => g.id)).toContain(id);

    // Demo's friends who may be invited: Alice is in the group already, Bob is not.
    const invitees = await searchGroupInviteesCommand(demo.token, { id, keywords: '' });
    const ids = invitees.ok ? invitees.data.map((f) => f.id) : [];
    expect(ids).toContain(bob.id);
    expect(ids).not.toContain(alice.id);

    expect(await groupSelfActionCommand(alice.token, { id, action: 'leave' })).toMatchObject({ ok: true, message: 'You left the group.' });
    expect(await getGroup(alice.token, id)).toMatchObject({ membership: null, members: 1, can: { request: true } });
    // A malformed action never reaches the API.
    expect(await groupSelfActionCommand(alice.token, { id, action: 'explode' })).toMatchObject({ ok: false });
  });

  it('an officer declines a request with a message, which its sender reads in their notification; a message too long is refused first', async () => {
    const made = await saveGroupCommand(demo.token, { values: values({ title: 'Bell ringers' }) });
    const id = made.ok ? made.data.id : 0;
    await changeGroupMembership(bob.token, id, 'request');
    expect(await groupMemberActionCommand(demo.token, { id, userId: bob.id, action: 'reject', message: 'x'.repeat(501) })).toEqual({
      ok: false,
      message: 'Keep the message under 500 characters.',
    });
    expect(await getGroup(bob.token, id)).toMatchObject({ membership: 'requested' });
    const words = 'The tower is full this year, sorry!';
    expect(await groupMemberActionCommand(demo.token, { id, userId: bob.id, action: 'reject', message: `  ${words} ` })).toEqual({
      ok: true,
      message: 'Request declined. They were sent your message.',
      data: undefined,
    });
    expect(await getGroup(bob.token, id)).toMatchObject({ membership: null, can: { request: true } });
    const told = (await listNotificationGroups(bob.token, { kinds: ['group_reject'] }))!.find((g) => g.item.id === id);
    expect(told).toMatchObject({ kind: 'group_reject', title: 'Bell ringers', message: words, actors: [{ id: demo.id }] });
  });
});
