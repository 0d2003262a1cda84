import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { addToGroup, groupCategory, LIST_KEYS, makeGroup } from './group-fixtures.ts';

// Each test makes its own groups with a word of its own in their titles, and lists by that word.
const t = setupApi();
let owner: Member, friend: Member, stranger: Member, clientToken: string;

beforeAll(async () => {
  owner = await createMember(t.db, 'Olga Owner');
  friend = await createMember(t.db, 'Fred Friend');
  stranger = await createMember(t.db, 'Stan Stranger');
  await befriend(t.db, owner.id, friend.id);
  clientToken = await tokenFor(t.db, null);
});

const titles = async (token: string | null, query: Record<string, string | number>, path = '/api/v1/groups') => {
  const res = await get(t, token, path, { fields: 'title', ...query });
  expect(res.status).toBe(200);
  return res.body.data.map((g: { title: string }) => g.title);
};

describe('GET /groups', () => {
  it("answers the origin's list fields, newest first, paged", async () => {
    await makeGroup(t.db, owner.id, { title: 'Paged one', created_at: 100 });
    await makeGroup(t.db, owner.id, { title: 'Paged two', created_at: 200 });
    await makeGroup(t.db, owner.id, { title: 'Paged three', created_at: 300 });
    const res = await get(t, stranger.token, '/api/v1/groups', { keywords: 'paged', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { title: string }) => g.title)).toEqual(['Paged three', 'Paged two']);
    expect(Object.keys(res.body.data[0])).toEqual(LIST_KEYS);
    expect(res.body.data[0]).toMatchObject({ thumb: '', total_member: 1, can_edit: false, can_delete: false, owner: { id: owner.id } });
    expect(await titles(stranger.token, { keywords: 'paged', limit: 2, page: 2 })).toEqual(['Paged one']);
    expect(await titles(stranger.token, { keywords: 'paged', limit: 2, page: 3 })).toEqual([]);
  });

  it('lists only what the reader may see, and allow_search=0 only to its owner', async () => {
    await makeGroup(t.db, owner.id, { title: 'Vis everyone' });
    await makeGroup(t.db, owner.id, { title: 'Vis registered', auth_view: 'registered' });
    const membersOnly = await makeGroup(t.db, owner.id, { title: 'Vis members', auth_view: 'member' });
    await makeGroup(t.db, owner.id, { title: 'Vis unlisted', allow_search: 0 });
    const officersOnly = await makeGroup(t.db, owner.id, { title: 'Vis officers', auth_view: 'officer' });
    await addToGroup(t.db, membersOnly, friend.id, 'member');
    await addToGroup(t.db, officersOnly, friend.id, 'member');
    const q = { keywords: 'vis ' };
    expect(await titles(clientToken, q)).toEqual(['Vis everyone']);
    expect(await titles(stranger.token, q)).toEqual(['Vis registered', 'Vis everyone']);
    expect(await titles(friend.token, q)).toEqual(['Vis members', 'Vis registered', 'Vis everyone']);
    expect(await titles(owner.token, q)).toEqual(['Vis officers', 'Vis unlisted', 'Vis members', 'Vis registered', 'Vis everyone']);
  });

  it('filters by category, by a member (user_id), by friends of the reader, and sorts by members', async () => {
    const sports = await groupCategory(t.db, 'Sports');
    const small = await makeGroup(t.db, owner.id, { title: 'Filter small', category_id: sports });
    const big = await makeGroup(t.db, stranger.id, { title: 'Filter big' });
    await addToGroup(t.db, big, friend.id, 'member');
    await addToGroup(t.db, big, owner.id, 'member');
    // Waiting people are no members.
    await addToGroup(t.db, small, friend.id, 'requested');
    const q = { keywords: 'filter' };
    expect(await titles(stranger.token, { ...q, category_id: sports })).toEqual(['Filter small']);
    expect(await titles(stranger.token, { ...q, user_id: friend.id })).toEqual(['Filter big']);
    expect(await titles(stranger.token, { ...q, user_id: owner.id })).toEqual(['Filter big', 'Filter small']);
    expect(await titles(friend.token, { ...q, show: 'only_my_friend' })).toEqual(['Filter small']);
    expect(await titles(clientToken, { ...q, show: 'only_my_friend' })).toEqual([]);
    expect(await titles(stranger.token, { ...q, sort: 'most_popular' })).toEqual(['Filter big', 'Filter small']);
    expect(await titles(stranger.token, { ...q, sort: 'recently_created' })).toEqual(['Filter big', 'Filter small']);
    const counted = await get(t, stranger.token, '/api/v1/groups', { ...q, fields: 'title,total_member' });
    expect(counted.body.data).toEqual([
      { title: 'Filter big', total_member: 3 },
      { title: 'Filter small', total_member: 1 },
    ]);
    expect((await get(t, stranger.token, '/api/v1/groups', { sort: 'popular' })).status).toBe(400);
    expect((await get(t, stranger.token, '/api/v1/groups', { fields: 'secret' })).status).toBe(400);
  });
});

describe('GET /groups/my', () => {
  it("lists the reader's groups (not those they wait for or are invited to), or only those they lead", async () => {
    await makeGroup(t.db, friend.id, { title: 'Mine led', auth_view: 'officer' });
    const joined = await makeGroup(t.db, owner.id, { title: 'Mine joined', auth_view: 'member' });
    const asked = await makeGroup(t.db, owner.id, { title: 'Mine asked' });
    const invited = await makeGroup(t.db, owner.id, { title: 'Mine invited' });
    const officer = await makeGroup(t.db, owner.id, { title: 'Mine officer' });
    await addToGroup(t.db, joined, friend.id, 'member');
    await addToGroup(t.db, asked, friend.id, 'requested');
    await addToGroup(t.db, invited, friend.id, 'invited');
    await addToGroup(t.db, officer, friend.id, 'officer');
    // A member of a group its officers alone see does not see it, here neither.
    const hidden = await makeGroup(t.db, owner.id, { title: 'Mine hidden', auth_view: 'officer' });
    await addToGroup(t.db, hidden, friend.id, 'member');
    expect(await titles(friend.token, { keywords: 'mine' }, '/api/v1/groups/my')).toEqual(['Mine officer', 'Mine joined', 'Mine led']);
    expect(await titles(friend.token, { keywords: 'mine', show: 'only_groups_i_lead' }, '/api/v1/groups/my')).toEqual([
      'Mine officer',
      'Mine led',
    ]);
    const mine = await get(t, friend.token, '/api/v1/groups/my', { keywords: 'mine', limit: 1, fields: 'title,membership' });
    expect(mine.body.data).toEqual([{ title: 'Mine officer', membership: 'officer' }]);
    expect((await get(t, clientToken, '/api/v1/groups/my')).status).toBe(403);
  });
});
