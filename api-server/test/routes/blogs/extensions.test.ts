import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../../src/db/types.ts';
import { setItemTags } from '../../../src/domain/keyword-tags.ts';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';

// Extensions of the blog endpoints (docs/api.md, "Extensions": Blogs): fields beyond the spec,
// given only when asked for by name, and keyword search that also looks at tags.

const BLOGS = '/api/v1/blogs';
const SOCIAL = ['is_liked', 'can_like', 'total_like', 'user_liked', 'can_comment', 'total_comment', 'comments', 'can_share'];

const t = setupApi();
let owner: number, friend: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;
let books: number;

async function blog(
  p: Partial<{ title: string; auth_view: Privacy; auth_comment: Privacy; is_draft: number; allow_search: number; view_count: number }> = {},
) {
  const row = await t.db
    .insertInto('blogs')
    .values({
      owner_id: owner,
      title: p.title ?? 'Reading list',
      body: '<p>Ten books</p>',
      category_id: books,
      is_draft: p.is_draft ?? 0,
      allow_search: p.allow_search ?? 1,
      auth_view: p.auth_view ?? 'everyone',
      auth_comment: p.auth_comment ?? 'everyone',
      view_count: p.view_count ?? 0,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ({ owner, friend, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['blogs', 'basic', 'activities'], {
    full_name: 'Olga Owner',
  }));
  books = (
    await t.db.selectFrom('categories').select('id').where('module', '=', 'blog').where('title', '=', 'Books').executeTakeFirstOrThrow()
  ).id;
});

describe('GET /blogs/{id}: extension fields', () => {
  it('are not in an answer that does not ask for them', async () => {
    const id = await blog();
    const res = await get(t, ownerToken, `${BLOGS}/${id}`);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'body',
      'can_delete',
      'can_edit',
      'category',
      'date',
      'id',
      'owner',
      'tags',
      'title',
      'type',
    ]);
  });

  it("is_draft and total_view tell a post's state and its views", async () => {
    const draft = await blog({ is_draft: 1 });
    const published = await blog({ view_count: 7 });
    expect((await get(t, ownerToken, `${BLOGS}/${draft}`, { fields: 'id,is_draft' })).body.data).toEqual({ id: draft, is_draft: true });
    expect((await get(t, friendToken, `${BLOGS}/${published}`, { fields: 'is_draft,total_view' })).body.data).toEqual({
      is_draft: false,
      total_view: 8,
    });
  });

  it('tells its owner alone the settings of the edit form', async () => {
    const id = await blog({ auth_view: 'registered', auth_comment: 'owner_member', allow_search: 0 });
    const fields = 'id,allow_search,auth_view,auth_comment';
    expect((await get(t, ownerToken, `${BLOGS}/${id}`, { fields })).body.data).toEqual({
      id,
      allow_search: 0,
      auth_view: 'registered',
      auth_comment: 'owner_member',
    });
    expect((await get(t, friendToken, `${BLOGS}/${id}`, { fields })).body.data).toEqual({ id });
    expect((await get(t, strangerToken, `${BLOGS}/${id}`, { fields })).body.data).toEqual({ id });
  });

  it('give the social fields an activity has, as the reader may use them', async () => {
    const id = await blog();
    expect((await post(t, friendToken, '/api/v1/core/likes', { item_type: 'blog', item_id: id })).status).toBe(200);
    expect((await post(t, friendToken, '/api/v1/core/comments', { item_type: 'blog', item_id: id, body: 'Lovely list' })).status).toBe(200);

    const mine = (await get(t, friendToken, `${BLOGS}/${id}`, { fields: SOCIAL.join(',') })).body.data;
    expect(mine).toEqual({
      is_liked: true,
      can_like: true,
      total_like: 1,
      user_liked: [expect.objectContaining({ id: friend, type: 'user' })],
      can_comment: true,
      total_comment: 1,
      can_share: true,
      comments: [
        expect.objectContaining({
          body: 'Lovely list',
          owner: expect.objectContaining({ id: friend }),
          can_delete: true,
          is_liked: false,
          total_like: 0,
        }),
      ],
    });
    const theirs = (await get(t, strangerToken, `${BLOGS}/${id}`, { fields: 'is_liked,total_like,comments' })).body.data;
    expect(theirs).toEqual({ is_liked: false, total_like: 1, comments: [expect.objectContaining({ can_delete: false })] });
    // The owner of the post may delete any comment on it.
    expect((await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'comments' })).body.data.comments[0].can_delete).toBe(true);
  });

  it('can_comment follows auth_comment, can_share only what every member may see, and a token without a user may do neither', async () => {
    const friendsComment = await blog({ auth_comment: 'owner_member' });
    const fields = { fields: 'can_like,can_comment,can_share' };
    expect((await get(t, friendToken, `${BLOGS}/${friendsComment}`, fields)).body.data).toEqual({
      can_like: true,
      can_comment: true,
      can_share: true,
    });
    expect((await get(t, strangerToken, `${BLOGS}/${friendsComment}`, fields)).body.data).toEqual({
      can_like: true,
      can_comment: false,
      can_share: true,
    });
    expect((await get(t, clientToken, `${BLOGS}/${friendsComment}`, fields)).body.data).toEqual({
      can_like: false,
      can_comment: false,
      can_share: false,
    });
    const friendsOnly = await blog({ auth_view: 'owner_member' });
    expect((await get(t, friendToken, `${BLOGS}/${friendsOnly}`, fields)).body.data.can_share).toBe(false);
    // A draft is its owner's alone: nothing to share.
    const draft = await blog({ is_draft: 1 });
    expect((await get(t, ownerToken, `${BLOGS}/${draft}`, fields)).body.data).toEqual({
      can_like: true,
      can_comment: true,
      can_share: false,
    });
  });

  it('still refuses names it does not know', async () => {
    const id = await blog();
    const res = await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'id,is_liked,view_count' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'fields', error_text: 'invalid_parameter' });
  });
});

describe('GET /blogs and /blogs/my: extension fields', () => {
  it('give the category, the state and the counts of each post when asked for', async () => {
    const id = await blog({ title: 'Counted list', view_count: 3 });
    await post(t, friendToken, '/api/v1/core/likes', { item_type: 'blog', item_id: id });
    const fields = 'id,category,is_draft,total_view,total_like,total_comment';
    expect((await get(t, strangerToken, BLOGS, { keywords: 'Counted list', fields })).body.data).toEqual([
      { id, category: { id: books, title: 'Books' }, is_draft: false, total_view: 3, total_like: 1, total_comment: 0 },
    ]);
  });

  it("mark the drafts among one's own posts", async () => {
    const draft = await blog({ title: 'Half a thought', is_draft: 1 });
    const published = await blog({ title: 'Half a thought, finished' });
    const res = await get(t, ownerToken, `${BLOGS}/my`, { keywords: 'Half a thought', fields: 'id,is_draft' });
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { id: draft, is_draft: true },
        { id: published, is_draft: false },
      ]),
    );
    expect(res.body.data).toHaveLength(2);
  });

  it('are not in lists that do not ask for them, and the detail-only ones are refused in lists', async () => {
    await blog({ title: 'Plain list entry' });
    const [entry] = (await get(t, strangerToken, BLOGS, { keywords: 'Plain list entry' })).body.data;
    expect(Object.keys(entry).sort()).toEqual(['body', 'date', 'id', 'owner', 'title', 'type']);
    for (const fields of ['id,comments', 'auth_view', 'is_liked']) {
      expect((await get(t, strangerToken, BLOGS, { fields })).status).toBe(400);
    }
  });
});

describe('GET /blogs: keywords', () => {
  it('find a post by one of its tags, as well as by title and body', async () => {
    const tagged = await blog({ title: 'Nothing in the title' });
    await setItemTags(t.db, 'blog', tagged, 'zeppelins, airships');
    const ids = async (keywords: string) =>
      (await get(t, strangerToken, BLOGS, { keywords, fields: 'id' })).body.data.map((b: { id: number }) => b.id);
    expect(await ids('zeppelins')).toEqual([tagged]);
    expect(await ids('AIRSHIP')).toEqual([tagged]);
    expect(await ids('dirigible')).toEqual([]);
  });
});
