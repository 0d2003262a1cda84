import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../../src/db/types.ts';
import { setItemTags } from '../../../src/domain/keyword-tags.ts';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

const BLOGS = '/api/v1/blogs';
const DETAIL_KEYS = ['body', 'can_delete', 'can_edit', 'category', 'date', 'id', 'owner', 'tags', 'title', 'type'];

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;
let books: number;

async function blog(p: Partial<{ auth_view: Privacy; is_draft: number; allow_search: number; category_id: number | null }> = {}) {
  const row = await t.db
    .insertInto('blogs')
    .values({
      owner_id: owner,
      title: 'Reading list',
      body: '<p>Ten books</p>',
      category_id: p.category_id === undefined ? books : p.category_id,
      is_draft: p.is_draft ?? 0,
      allow_search: p.allow_search ?? 1,
      auth_view: p.auth_view ?? 'everyone',
      auth_comment: 'everyone',
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const views = async (id: number) =>
  (await t.db.selectFrom('blogs').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['blogs'], {
    full_name: 'Olga Owner',
  }));
  books = (
    await t.db.selectFrom('categories').select('id').where('module', '=', 'blog').where('title', '=', 'Books').executeTakeFirstOrThrow()
  ).id;
});

describe('GET /blogs/{id}', () => {
  let id: number;
  beforeAll(async () => {
    id = await blog();
    await setItemTags(t.db, 'blog', id, 'novels, poetry');
  });

  it('answers the Blog detail: list fields plus tags, category, can_edit, can_delete', async () => {
    const res = await get(t, strangerToken, `${BLOGS}/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(DETAIL_KEYS);
    expect(res.body.data).toEqual({
      id,
      type: 'blog',
      title: 'Reading list',
      date: '2023-11-14 22:13:20',
      body: '<p>Ten books</p>',
      owner: expect.objectContaining({ id: owner, type: 'user', title: 'Olga Owner' }),
      tags: [
        { id: expect.any(Number), title: 'novels' },
        { id: expect.any(Number), title: 'poetry' },
      ],
      category: { id: books, title: 'Books' },
      can_edit: false,
      can_delete: false,
    });
  });

  it('tells the owner they may edit and delete it', async () => {
    const res = await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'can_edit,can_delete' });
    expect(res.body.data).toEqual({ can_edit: true, can_delete: true });
  });

  it('tells a friend and a client-credentials token they may not', async () => {
    for (const token of [friendToken, clientToken]) {
      expect((await get(t, token, `${BLOGS}/${id}`, { fields: 'can_edit,can_delete' })).body.data).toEqual({
        can_edit: false,
        can_delete: false,
      });
    }
  });

  it('answers category null when the blog has none', async () => {
    const bare = await blog({ category_id: null });
    expect((await get(t, strangerToken, `${BLOGS}/${bare}`, { fields: 'category,tags' })).body.data).toEqual({ category: null, tags: [] });
  });

  it('returns only the fields asked for, and refuses unknown ones', async () => {
    expect((await get(t, strangerToken, `${BLOGS}/${id}`, { fields: 'id,tags' })).body.data).toEqual({ id, tags: expect.any(Array) });
    const res = await get(t, strangerToken, `${BLOGS}/${id}`, { fields: 'id,view_count' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'fields', error_text: 'invalid_parameter' })]);
  });

  it('answers 404 for a blog that does not exist and 400 for an id that is not a number', async () => {
    expect((await get(t, strangerToken, `${BLOGS}/999999`)).status).toBe(404);
    expect((await get(t, strangerToken, `${BLOGS}/abc`)).status).toBe(400);
  });

  it('counts a view for every reader but the owner', async () => {
    const v = await blog();
    await get(t, ownerToken, `${BLOGS}/${v}`);
    expect(await views(v)).toBe(0);
    await get(t, friendToken, `${BLOGS}/${v}`);
    await get(t, strangerToken, `${BLOGS}/${v}`);
    await get(t, clientToken, `${BLOGS}/${v}`);
    expect(await views(v)).toBe(3);
  });

  it('opens an allow_search=0 blog by its id for anyone who may see it', async () => {
    const hidden = await blog({ allow_search: 0 });
    expect((await get(t, strangerToken, `${BLOGS}/${hidden}`)).status).toBe(200);
  });
});

describe('GET /blogs/{id}: privacy and drafts', () => {
  it.each([
    ['everyone', { owner: 200, friend: 200, stranger: 200, client: 200 }],
    ['registered', { owner: 200, friend: 200, stranger: 200, client: 404 }],
    ['owner_member', { owner: 200, friend: 200, stranger: 404, client: 404 }],
    ['owner', { owner: 200, friend: 404, stranger: 404, client: 404 }],
  ] as const)('auth_view=%s: owner, friend, stranger and client token get %o', async (view, expected) => {
    const id = await blog({ auth_view: view });
    const got = {
      owner: (await get(t, ownerToken, `${BLOGS}/${id}`)).status,
      friend: (await get(t, friendToken, `${BLOGS}/${id}`)).status,
      stranger: (await get(t, strangerToken, `${BLOGS}/${id}`)).status,
      client: (await get(t, clientToken, `${BLOGS}/${id}`)).status,
    };
    expect(got).toEqual(expected);
  });

  it('a draft is 404 for everyone but its owner, and counts no views', async () => {
    const id = await blog({ is_draft: 1 });
    expect((await get(t, ownerToken, `${BLOGS}/${id}`)).status).toBe(200);
    for (const token of [friendToken, strangerToken, clientToken]) expect((await get(t, token, `${BLOGS}/${id}`)).status).toBe(404);
    expect(await views(id)).toBe(0);
  });
});
