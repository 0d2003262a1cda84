import { describe, expect, it } from 'vitest';
import type { Session } from '../auth/session.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { changeGroupMembership, createGroup, type GroupInput } from '../social-api/groups.ts';
import { PROFILE_TABS } from './profile.ts';

// A profile's Groups tab (what app/(site)/users/[id]/groups lists) against the real api-server.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const group = (title: string, searchable = true): GroupInput => ({
  title,
  description: '',
  categoryId: 0,
  searchable,
  approval: false,
  authInvite: 'member',
  authView: 'everyone',
  authComment: 'member',
  authPhoto: 'member',
  authEvent: 'officer',
});
const sessionOf = (m: { id: number; token: string }) => ({ userId: m.id, accessToken: m.token }) as Session;

describe("a profile's Groups tab", () => {
  it('lists the groups a member belongs to; their own tab also has those kept out of lists, others’ does not', async () => {
    const open = await createGroup(demo.token, group('Tab: open to all'));
    const unlisted = await createGroup(demo.token, group('Tab: unlisted', false));
    await changeGroupMembership(alice.token, open, 'join');
    const titles = async (reader: { id: number; token: string }, of: number) =>
      ((await PROFILE_TABS.groups(sessionOf(reader), of, { page: 1, limit: 50 })) ?? []).map((g) => g.title);

    expect(await titles(demo, demo.id)).toEqual(expect.arrayContaining(['Tab: open to all', 'Tab: unlisted']));
    const seenByAlice = await titles(alice, demo.id);
    expect(seenByAlice).toContain('Tab: open to all');
    expect(seenByAlice).not.toContain('Tab: unlisted');
    // Alice's own tab: the group she joined, with her place in it.
    const own = await PROFILE_TABS.groups(sessionOf(alice), alice.id, { page: 1, limit: 50 });
    expect(own?.find((g) => g.id === open)).toMatchObject({ title: 'Tab: open to all', membership: 'member', members: 2 });
    expect(own?.some((g) => g.id === unlisted)).toBe(false);
  });
});
