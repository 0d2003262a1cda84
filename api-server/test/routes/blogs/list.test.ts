import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../../src/db/types.ts';
import { createUser, privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

const BLOGS = '/api/v1/blogs';
const LIST_KEYS = ['body', 'date', 'id', 'owner', 'title', 'type'];

const t = setupApi();
let owner: number, stranger: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;
let travel: number, food: number;
let clock = 1_750_000_000;

async function blog(
  by: number,
  p: Partial<{
    title: string;
    body: string;
    auth_view: Privacy;
    is_draft: number;
    allow_search: number;
    category_id: number;
    view_count: number;
    created_at: number;
  }> = {},
) {
  const at = p.created_at ?? clock++;
  const row = await t.db
    .insertInto('blogs')
    .values({
      owner_id: by,
      title: p.title ?? 'A blog',
      body: p.body ?? '<p>Text</p>',
      category_id: p.category_id ?? travel,
      is_draft: p.is_draft ?? 0,
      allow_search: p.allow_search ?? 1,
      auth_view: p.auth_view ?? 'everyone',
      auth_comment: 'everyone',
      view_count: p.view_count ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((b) => b.id);

beforeAll(async () => {
  ({ owner, stranger, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['blogs'], {
    full_name: 'Olga Owner',
  }));
  const cats = await t.db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'blog').execute();
  travel = cats.find((c) => c.title === 'Travel')!.id;
  food = cats.find((c) => c.title === 'Food')!.id;
});

describe('GET /blogs', () => {
  let id: number;
  beforeAll(async () => {
    id = await blog(owner, { title: 'Shape check', body: '<p>Hello <b>world</b></p>', created_at: 1_700_000_000 });
  });

  it('answers an array of Blog with exactly the list fields', async () => {
    const res = await get(t, strangerToken, BLOGS, { user_id: owner, keywords: 'Shape check' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(1);
    const item = res.body.data[0];
    expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
    expect(item).toEqual({
      id,
      type: 'blog',
      title: 'Shape check',
      date: '2023-11-14 22:13:20',
      body: '<p>Hello <b>world</b></p>',
      owner: {
        id: owner,
        type: 'user',
        title: 'Olga Owner',
        imgs: { icon: expect.any(String), normal: expect.any(String), profile: expect.any(String), original: expect.any(String) },
      },
    });
  });

  it('returns only the fields asked for', async () => {
    const res = await get(t, strangerToken, BLOGS, { user_id: owner, keywords: 'Shape check', fields: 'id,title' });
    expect(res.body.data).toEqual([{ id, title: 'Shape check' }]);
  });

  it('refuses a field that is not allowed in lists (400 naming fields)', async () => {
    for (const fields of ['id,nope', 'tags', 'can_edit']) {
      const res = await get(t, strangerToken, BLOGS, { fields });
      expect(res.status).toBe(400);
      expect(res.body.data.error_text).toBe('invalid_parameters');
      expect(res.body.data.error_params[0].name).toBe('fields');
    }
  });

  it('refuses an unknown sort or show value', async () => {
    expect((await get(t, strangerToken, BLOGS, { sort: 'title' })).body.data.error_params[0].name).toBe('sort');
    expect((await get(t, strangerToken, BLOGS, { show: 'friends' })).body.data.error_params[0].name).toBe('show');
  });

  it('needs the blogs scope (403) and a token (401)', async () => {
    const other = await tokenFor(t.db, owner, ['albums', 'basic']);
    const res = await get(t, other, BLOGS);
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    expect((await get(t, null, BLOGS)).status).toBe(401);
  });
});

describe('GET /blogs: order, filters and paging', () => {
  let writer: number, writerToken: string;
  let a: number, b: number, c: number;
  beforeAll(async () => {
    writer = (await createUser(t.db)).id;
    writerToken = await tokenFor(t.db, writer, ['blogs']);
    a = await blog(writer, { title: 'Alpine lakes', body: '<p>Cold water</p>', view_count: 5, category_id: travel });
    b = await blog(writer, { title: 'Bread', body: '<p>Sourdough 100% hydration</p>', view_count: 50, category_id: food });
    c = await blog(writer, { title: 'Curry night', body: '<p>Spices and rice</p>', view_count: 20, category_id: food });
  });

  it('lists newest first by default and by sort=creation_date', async () => {
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer }))).toEqual([c, b, a]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, sort: 'creation_date' }))).toEqual([c, b, a]);
  });

  it('lists the most viewed first with sort=view_count', async () => {
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, sort: 'view_count' }))).toEqual([b, c, a]);
  });

  it('filters by category_id, and refuses a category that is not a blog category', async () => {
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, category_id: food }))).toEqual([c, b]);
    const listingCategory = await t.db.selectFrom('categories').select('id').where('module', '=', 'classified').executeTakeFirstOrThrow();
    const res = await get(t, strangerToken, BLOGS, { category_id: listingCategory.id });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('category_id');
  });

  it('finds keywords in the title or the body, case-insensitively, taking % literally', async () => {
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, keywords: 'alpine' }))).toEqual([a]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, keywords: 'SPICES' }))).toEqual([c]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, keywords: '100%' }))).toEqual([b]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, keywords: '%' }))).toEqual([b]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, keywords: 'nothing like this' }))).toEqual([]);
  });

  it('finds keywords with & or < in bodies, where the text is stored escaped', async () => {
    const cook = (await createUser(t.db)).id;
    const id = await blog(cook, { title: 'Friday', body: '<p>Fish &amp; chips &lt;3</p>' });
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: cook, keywords: 'fish & chips <3' }))).toEqual([id]);
  });

  it('filters by user_id; an unknown user answers 404', async () => {
    const all = ids(await get(t, strangerToken, BLOGS, { limit: 50 }));
    expect(all).toEqual(expect.arrayContaining([a, b, c]));
    expect((await get(t, strangerToken, BLOGS, { user_id: 999_999 })).status).toBe(404);
  });

  it('pages with page and limit', async () => {
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, limit: 2 }))).toEqual([c, b]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, limit: 2, page: 2 }))).toEqual([a]);
    expect(ids(await get(t, strangerToken, BLOGS, { user_id: writer, limit: 2, page: 3 }))).toEqual([]);
  });

  it('clamps limit to 1–50 and defaults to 10', async () => {
    const many = (await createUser(t.db)).id;
    for (let i = 0; i < 55; i++) await blog(many);
    expect((await get(t, strangerToken, BLOGS, { user_id: many })).body.data).toHaveLength(10);
    expect((await get(t, strangerToken, BLOGS, { user_id: many, limit: 0 })).body.data).toHaveLength(1);
    expect((await get(t, strangerToken, BLOGS, { user_id: many, limit: 500 })).body.data).toHaveLength(50);
    expect((await get(t, strangerToken, BLOGS, { user_id: many, page: 0, limit: 3 })).body.data).toHaveLength(3);
  });

  it('answers 400 naming page or limit for numbers no page could have (huge, or not finite), never 500', async () => {
    for (const [name, value] of [
      ['page', '1e20'],
      ['page', '1e400'],
      ['page', '-Infinity'],
      ['limit', '1e400'],
      ['limit', '99999999999'],
    ]) {
      const res = await get(t, strangerToken, BLOGS, { [name!]: value! });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ error_text: 'invalid_parameters', error_params: [expect.objectContaining({ name })] });
    }
  });

  it('/blogs/my takes the same filters', async () => {
    expect(ids(await get(t, writerToken, `${BLOGS}/my`, { category_id: food, sort: 'view_count' }))).toEqual([b, c]);
    expect(ids(await get(t, writerToken, `${BLOGS}/my`, { keywords: 'bread' }))).toEqual([b]);
    expect(ids(await get(t, writerToken, `${BLOGS}/my`, { limit: 1, page: 3 }))).toEqual([a]);
  });
});

describe('GET /blogs: drafts, privacy and allow_search', () => {
  const seen: Record<string, number> = {};
  let draft: number, hidden: number;
  beforeAll(async () => {
    for (const view of ['everyone', 'registered', 'owner_member', 'owner'] as const)
      seen[view] = await blog(owner, { auth_view: view, title: `Privacy ${view}` });
    draft = await blog(owner, { is_draft: 1, title: 'Draft' });
    hidden = await blog(owner, { allow_search: 0, title: 'Unsearchable' });
  });
  const listed = async (token: string, query: Record<string, string | number> = {}) =>
    ids(await get(t, token, BLOGS, { user_id: owner, limit: 50, ...query }));

  it.each([
    ['the owner', () => ownerToken, ['everyone', 'registered', 'owner_member', 'owner']],
    ['a friend', () => friendToken, ['everyone', 'registered', 'owner_member']],
    ['a registered stranger', () => strangerToken, ['everyone', 'registered']],
    ['a client-credentials token', () => clientToken, ['everyone']],
  ] as const)('shows %s exactly the blogs its auth_view lets in', async (_who, token, views) => {
    const got = await listed(token());
    for (const [view, id] of Object.entries(seen)) expect(got.includes(id)).toBe((views as readonly string[]).includes(view));
  });

  it('never lists drafts in /blogs, not even to their owner', async () => {
    expect(await listed(ownerToken)).not.toContain(draft);
    expect(await listed(friendToken)).not.toContain(draft);
  });

  it("/blogs/my lists the owner's drafts with the published blogs", async () => {
    const mine = ids(await get(t, ownerToken, `${BLOGS}/my`, { limit: 50 }));
    expect(mine).toEqual(expect.arrayContaining([draft, hidden, ...Object.values(seen)]));
    expect(ids(await get(t, friendToken, `${BLOGS}/my`, { limit: 50 }))).not.toContain(draft);
  });

  it('/blogs/my needs a user: a client-credentials token answers 403', async () => {
    expect((await get(t, clientToken, `${BLOGS}/my`)).status).toBe(403);
  });

  it("hides allow_search=0 blogs from other people's lists and searches, not from their owner", async () => {
    expect(await listed(friendToken)).not.toContain(hidden);
    expect(await listed(friendToken, { keywords: 'Unsearchable' })).toEqual([]);
    expect(await listed(ownerToken)).toContain(hidden);
    expect(await listed(ownerToken, { keywords: 'Unsearchable' })).toEqual([hidden]);
  });

  it("show=only_my_friend lists only blogs whose owners are the reader's friends", async () => {
    const other = await blog(stranger, { title: 'By a stranger' });
    const got = ids(await get(t, friendToken, BLOGS, { show: 'only_my_friend', limit: 50 }));
    expect(got).toContain(seen.owner_member);
    expect(got).not.toContain(other);
    expect(got).not.toContain(seen.owner);
    const everyone = ids(await get(t, friendToken, BLOGS, { show: 'everyone', limit: 50 }));
    expect(everyone).toEqual(expect.arrayContaining([other, seen.everyone!]));
  });

  it('show=only_my_friend needs a user: a client-credentials token answers 403', async () => {
    expect((await get(t, clientToken, BLOGS, { show: 'only_my_friend' })).status).toBe(403);
  });
});
