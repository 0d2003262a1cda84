import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

// Extension (docs/api.md, "Extensions": Friends): GET /api/v1/friends, scope friends.
const FRIENDS = '/api/v1/friends';

const t = setupApi();
let me: number;
let token: string;
let ids: Record<string, number>;
beforeAll(async () => {
  me = (await createUser(t.db, { full_name: 'Mona Me' })).id;
  ids = {};
  for (const name of ['Zoe Zed', 'Adam Ant', 'Bella Bay', 'Lone Wolf']) ids[name] = (await createUser(t.db, { full_name: name })).id;
  for (const name of ['Zoe Zed', 'Adam Ant', 'Bella Bay']) await befriend(t.db, me, ids[name]!);
  token = await tokenFor(t.db, me, ['friends']);
});

const names = (body: { data: Array<{ title: string }> }) => body.data.map((o) => o.title);

describe('GET /friends', () => {
  it("lists the caller's friends by name as owner summaries", async () => {
    const res = await get(t, token, FRIENDS);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Adam Ant', 'Bella Bay', 'Zoe Zed']);
    expect(res.body.data[0]).toMatchObject({ id: ids['Adam Ant'], title: 'Adam Ant', imgs: expect.any(Object) });
  });

  it('filters by keywords in the name (case-insensitive, % and _ taken literally)', async () => {
    expect(names((await get(t, token, FRIENDS, { keywords: 'bel' })).body)).toEqual(['Bella Bay']);
    expect(names((await get(t, token, FRIENDS, { keywords: '%' })).body)).toEqual([]);
    expect(names((await get(t, token, FRIENDS, { keywords: 'wolf' })).body)).toEqual([]);
  });

  it('pages with page and limit, without a gap or a repeat; a page past the end is empty', async () => {
    const one = names((await get(t, token, FRIENDS, { limit: 2, page: 1 })).body);
    const two = names((await get(t, token, FRIENDS, { limit: 2, page: 2 })).body);
    expect([...one, ...two]).toEqual(['Adam Ant', 'Bella Bay', 'Zoe Zed']);
    expect((await get(t, token, FRIENDS, { limit: 2, page: 9 })).body.data).toEqual([]);
  });

  it("lists another member's friends with user_id; 404 for a user that does not exist", async () => {
    const res = await get(t, token, FRIENDS, { user_id: ids['Zoe Zed']! });
    expect(names(res.body)).toEqual(['Mona Me']);
    expect((await get(t, token, FRIENDS, { user_id: 999999 })).status).toBe(404);
  });

  it("marks in another member's list which of their friends are the caller's too (is_friend); not in one's own", async () => {
    // Adam's friends: Mona (the caller), Bella (Mona's friend too) and Lone Wolf (not Mona's).
    await befriend(t.db, ids['Adam Ant']!, ids['Lone Wolf']!);
    await befriend(t.db, ids['Adam Ant']!, ids['Bella Bay']!);
    const res = await get(t, token, FRIENDS, { user_id: ids['Adam Ant']! });
    expect(res.body.data.map((o: { title: string; is_friend: boolean }) => [o.title, o.is_friend])).toEqual([
      ['Bella Bay', true],
      ['Lone Wolf', false],
      ['Mona Me', false],
    ]);
    expect((await get(t, token, FRIENDS)).body.data[0]).not.toHaveProperty('is_friend');
  });

  it('refuses bad parameters with 400 naming them', async () => {
    for (const [name, value] of [
      ['user_id', 'abc'],
      ['user_id', '0'],
      ['page', '1e400'],
      ['limit', 'x'],
      ['keywords', 'k'.repeat(201)],
    ] as const) {
      const res = await get(t, token, FRIENDS, { [name]: value });
      expect(res.status, `${name}=${value}`).toBe(400);
      expect(res.body.data.error_params[0].name).toBe(name);
    }
  });

  it('needs the friends scope and a user (403 otherwise), and a token (401)', async () => {
    expect((await get(t, await tokenFor(t.db, me, ['basic', 'albums']), FRIENDS)).status).toBe(403);
    expect((await get(t, await tokenFor(t.db, null, ['friends']), FRIENDS)).status).toBe(403);
    expect((await get(t, null, FRIENDS)).status).toBe(401);
  });
});
