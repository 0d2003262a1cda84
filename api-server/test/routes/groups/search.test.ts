import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, picture, post } from '../fixtures.ts';
import { addToGroup, makeGroup } from './group-fixtures.ts';

const t = setupApi();
let owner: Member, member: Member, stranger: Member, clientToken: string;

beforeAll(async () => {
  owner = await createMember(t.db, 'Olivia Owner');
  member = await createMember(t.db, 'Milo Member');
  stranger = await createMember(t.db, 'Sid Stranger');
  clientToken = await tokenFor(t.db, null);
});

const search = async (token: string | null, keywords: string, type = 'group') => {
  const res = await get(t, token, '/api/v1/core/search', { keywords, type });
  expect(res.status).toBe(200);
  return res.body.data;
};
const titles = async (token: string | null, keywords: string) =>
  (await search(token, keywords)).items.map((i: { title: string }) => i.title);

describe('groups in GET /core/search', () => {
  it('finds a group by its title or description, with its card, and counts it among the types', async () => {
    const res = await post(
      t,
      owner.token,
      '/api/v1/groups',
      { title: 'Beekeepers of Lyon', description: 'Hives, honey and swarms' },
      {
        photo: { filename: 'b.png', content: await picture('png'), type: 'image/png' },
      },
    );
    const id = res.body.data.id as number;
    const found = await search(stranger.token, 'honey');
    expect(found.count).toBe(1);
    expect(found.items).toEqual([
      {
        id,
        type: 'group',
        title: 'Beekeepers of Lyon',
        description: 'Hives, honey and swarms',
        img: expect.stringMatching(/^http/),
        owner: expect.objectContaining({ id: owner.id, title: 'Olivia Owner' }),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    expect(found.types).toContainEqual({ id: 'group', title: 'Groups', count: 1, more: false });
    expect((await search(stranger.token, 'beekeepers', 'all')).items.map((i: { type: string }) => i.type)).toEqual(['group']);
  });

  it('follows an edit and a deletion', async () => {
    const id = (await post(t, owner.token, '/api/v1/groups', { title: 'Quilting circle' })).body.data.id as number;
    expect(await titles(stranger.token, 'quilting')).toEqual(['Quilting circle']);
    await post(t, owner.token, `/api/v1/groups/${id}`, { title: 'Patchwork circle' });
    expect(await titles(stranger.token, 'quilting')).toEqual([]);
    expect(await titles(stranger.token, 'patchwork')).toEqual(['Patchwork circle']);
    await del(t, owner.token, `/api/v1/groups/${id}`);
    expect(await titles(stranger.token, 'patchwork')).toEqual([]);
  });

  it('never finds a group hidden from the reader, nor one hidden from search (its owner included)', async () => {
    await makeGroup(t.db, owner.id, { title: 'Kayak everyone' });
    await makeGroup(t.db, owner.id, { title: 'Kayak registered', auth_view: 'registered' });
    const members = await makeGroup(t.db, owner.id, { title: 'Kayak members', auth_view: 'member' });
    await makeGroup(t.db, owner.id, { title: 'Kayak unlisted', allow_search: 0 });
    await addToGroup(t.db, members, member.id, 'member');
    expect(await titles(clientToken, 'kayak')).toEqual(['Kayak everyone']);
    expect((await titles(stranger.token, 'kayak')).sort()).toEqual(['Kayak everyone', 'Kayak registered']);
    expect((await titles(member.token, 'kayak')).sort()).toEqual(['Kayak everyone', 'Kayak members', 'Kayak registered']);
    expect((await titles(owner.token, 'kayak')).sort()).toEqual(['Kayak everyone', 'Kayak members', 'Kayak registered']);
  });
});
