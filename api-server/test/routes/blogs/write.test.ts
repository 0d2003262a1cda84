import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_OPTIONS } from '../../../src/domain/options.ts';
import { ownerFriendAndClient, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';

const BLOGS = '/api/v1/blogs';

const t = setupApi();
let owner: number;
let ownerToken: string, friendToken: string, clientToken: string;
let travel: number, tech: number;

const row = (id: number) => t.db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const form = (extra: Record<string, string | number> = {}) => ({
  title: 'Trip to Lyon',
  category_id: travel,
  body: 'Great food.',
  ...extra,
});
async function create(extra: Record<string, string | number> = {}, token = ownerToken): Promise<number> {
  const res = await post(t, token, BLOGS, form(extra));
  expect(res.status).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  ({ owner, ownerToken, friendToken, clientToken } = await ownerFriendAndClient(t.db, ['blogs'], ['basic']));
  const cats = await t.db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'blog').execute();
  travel = cats.find((c) => c.title === 'Travel')!.id;
  tech = cats.find((c) => c.title === 'Technology')!.id;
});

describe('POST /blogs', () => {
  it('publishes a blog with the defaults and answers its id', async () => {
    const res = await post(t, ownerToken, BLOGS, form());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    expect(await row(res.body.data.id)).toMatchObject({
      owner_id: owner,
      title: 'Trip to Lyon',
      body: 'Great food.',
      category_id: travel,
      is_draft: 0,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      view_count: 0,
    });
  });

  it('stores every field of the form', async () => {
    const id = await create({ is_draft: 1, allow_search: 0, auth_view: 'owner_member', auth_comment: 'owner', category_id: tech });
    expect(await row(id)).toMatchObject({
      is_draft: 1,
      allow_search: 0,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      category_id: tech,
    });
  });

  it('turns comma-separated tags into Tag objects, trimmed and without duplicates', async () => {
    const id = await create({ tags: ' food, France ,food,, Lyon ' });
    const res = await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'tags' });
    expect(res.body.data.tags.map((x: { title: string }) => x.title).sort()).toEqual(['France', 'Lyon', 'food']);
    expect(res.body.data.tags.every((x: { id: unknown }) => typeof x.id === 'number')).toBe(true);
  });

  it('is_draft=1 makes a draft: only in /blogs/my, not in /blogs', async () => {
    const id = await create({ is_draft: 1, title: 'Unfinished' });
    expect((await get(t, ownerToken, `${BLOGS}/my`, { keywords: 'Unfinished' })).body.data.map((b: { id: number }) => b.id)).toEqual([id]);
    expect((await get(t, ownerToken, BLOGS, { keywords: 'Unfinished' })).body.data).toEqual([]);
  });

  it.each(['title', 'category_id', 'body'])('refuses a blog without %s (400 naming it)', async (name) => {
    const f: Record<string, string | number> = form();
    delete f[name];
    const before = await t.db.selectFrom('blogs').select('id').execute();
    const res = await post(t, ownerToken, BLOGS, f);
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('invalid_parameters');
    expect(res.body.data.error_params).toEqual([{ name, message: expect.any(String), error_text: 'missing_parameter' }]);
    expect(await t.db.selectFrom('blogs').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a blank title or body as missing', async () => {
    expect((await post(t, ownerToken, BLOGS, form({ title: '   ' }))).body.data.error_params[0]).toMatchObject({
      name: 'title',
      error_text: 'missing_parameter',
    });
    expect((await post(t, ownerToken, BLOGS, form({ body: ' \n ' }))).body.data.error_params[0]).toMatchObject({
      name: 'body',
      error_text: 'missing_parameter',
    });
  });

  it('refuses a title over 255 characters, an unknown privacy and a bad is_draft', async () => {
    const res = await post(t, ownerToken, BLOGS, form({ title: 'x'.repeat(256), auth_view: 'friends', is_draft: 2 }));
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['auth_view', 'is_draft', 'title']);
  });

  it('refuses a category that is not a blog category', async () => {
    const listing = await t.db.selectFrom('categories').select('id').where('module', '=', 'classified').executeTakeFirstOrThrow();
    for (const category_id of [listing.id, 999_999]) {
      const res = await post(t, ownerToken, BLOGS, form({ category_id }));
      expect(res.status).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name: 'category_id', error_text: 'invalid_parameter' });
    }
  });

  it('keeps simple HTML, removes scripts and unsafe links, and keeps the line breaks of plain text', async () => {
    const html = await create({
      body: '<p>Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">link</a></p>',
    });
    expect((await row(html)).body).toBe('<p>Hi <b>there</b> <a>link</a></p>');
    const text = await create({ body: 'Line one\nLine two & more <3' });
    expect((await row(text)).body).toBe('Line one<br />Line two &amp; more &lt;3');
  });

  it('answers 403 to a client-credentials token and creates nothing', async () => {
    const res = await post(t, clientToken, BLOGS, form({ title: 'From a client' }));
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('blogs').select('id').where('title', '=', 'From a client').execute()).toEqual([]);
  });

  it('needs the blogs scope', async () => {
    const res = await post(t, await tokenFor(t.db, owner, ['basic']), BLOGS, form());
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});

describe('POST /blogs/{id}', () => {
  it('edits the blog and answers only success', async () => {
    const id = await create({ tags: 'a, b' });
    const res = await post(t, ownerToken, `${BLOGS}/${id}`, {
      title: 'New title',
      category_id: tech,
      body: '<p>New body</p>',
      tags: 'c',
      allow_search: 0,
      auth_view: 'registered',
      auth_comment: 'owner_member',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await row(id)).toMatchObject({
      title: 'New title',
      category_id: tech,
      body: '<p>New body</p>',
      allow_search: 0,
      auth_view: 'registered',
      auth_comment: 'owner_member',
    });
    expect((await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'tags' })).body.data.tags.map((x: { title: string }) => x.title)).toEqual([
      'c',
    ]);
  });

  it('keeps what the form leaves out (tags, is_draft, privacy); an empty tags clears them', async () => {
    const id = await create({ tags: 'keep', is_draft: 1, auth_view: 'owner' });
    await post(t, ownerToken, `${BLOGS}/${id}`, form({ title: 'Edited' }));
    expect(await row(id)).toMatchObject({ title: 'Edited', is_draft: 1, auth_view: 'owner' });
    expect((await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'tags' })).body.data.tags).toHaveLength(1);
    await post(t, ownerToken, `${BLOGS}/${id}`, form({ tags: '' }));
    expect((await get(t, ownerToken, `${BLOGS}/${id}`, { fields: 'tags' })).body.data.tags).toEqual([]);
  });

  it('publishes a draft with is_draft=0 (dated then) and turns it back into a draft with is_draft=1', async () => {
    const id = await create({ is_draft: 1 });
    await t.db.updateTable('blogs').set({ created_at: 1_600_000_000 }).where('id', '=', id).execute();
    expect((await get(t, friendToken, `${BLOGS}/${id}`)).status).toBe(404);
    expect((await post(t, ownerToken, `${BLOGS}/${id}`, form({ is_draft: 0 }))).status).toBe(200);
    const published = await row(id);
    expect(published.is_draft).toBe(0);
    expect(published.created_at).toBeGreaterThan(1_600_000_000);
    expect((await get(t, friendToken, `${BLOGS}/${id}`)).status).toBe(200);
    expect((await post(t, ownerToken, `${BLOGS}/${id}`, form({ is_draft: 1 }))).status).toBe(200);
    expect((await row(id)).is_draft).toBe(1);
    expect((await get(t, friendToken, `${BLOGS}/${id}`)).status).toBe(404);
    expect((await get(t, ownerToken, `${BLOGS}/${id}`)).status).toBe(200);
  });

  it.each(['title', 'category_id', 'body'])('needs %s like the creation form (400, nothing changes)', async (name) => {
    const id = await create();
    const f: Record<string, string | number> = form({ title: 'Changed' });
    delete f[name];
    const res = await post(t, ownerToken, `${BLOGS}/${id}`, f);
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name, error_text: 'missing_parameter' });
    expect((await row(id)).title).toBe('Trip to Lyon');
  });

  it('answers 403 to someone who may see it but is not its owner, and changes nothing', async () => {
    const id = await create();
    const res = await post(t, friendToken, `${BLOGS}/${id}`, form({ title: 'Hijacked' }));
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('forbidden');
    expect((await row(id)).title).toBe('Trip to Lyon');
    expect((await post(t, clientToken, `${BLOGS}/${id}`, form({ title: 'Hijacked' }))).status).toBe(403);
  });

  it("answers 404 for a blog the caller may not see (someone else's draft) or that does not exist", async () => {
    const id = await create({ is_draft: 1 });
    expect((await post(t, friendToken, `${BLOGS}/${id}`, form())).status).toBe(404);
    expect((await post(t, ownerToken, `${BLOGS}/999999`, form())).status).toBe(404);
  });
});

describe('DELETE /blogs/{id}', () => {
  it('deletes the blog with its likes, comments and tags, and answers a message', async () => {
    const id = await create({ tags: 'gone' });
    expect((await post(t, friendToken, '/api/v1/core/likes', { item_type: 'blog', item_id: id })).status).toBe(200);
    expect((await post(t, friendToken, '/api/v1/core/comments', { item_type: 'blog', item_id: id, body: 'Nice' })).status).toBe(200);
    const res = await del(t, ownerToken, `${BLOGS}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await t.db.selectFrom('blogs').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('likes').select('id').where('target_type', '=', 'blog').where('target_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('comments').select('id').where('item_type', '=', 'blog').where('item_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('item_tags').select('tag_id').where('item_type', '=', 'blog').where('item_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('notifications').select('id').where('item_type', '=', 'blog').where('item_id', '=', id).execute()).toEqual(
      [],
    );
    expect((await get(t, ownerToken, `${BLOGS}/${id}`)).status).toBe(404);
    expect((await del(t, ownerToken, `${BLOGS}/${id}`)).status).toBe(404);
  });

  it('answers 403 to anyone but the owner and keeps the blog', async () => {
    const id = await create();
    expect((await del(t, friendToken, `${BLOGS}/${id}`)).status).toBe(403);
    expect((await del(t, clientToken, `${BLOGS}/${id}`)).status).toBe(403);
    expect((await row(id)).id).toBe(id);
  });
});

describe('GET /blogs/categories, view_options, comment_options', () => {
  it('lists the blog categories every database has, as Category objects', async () => {
    const res = await get(t, clientToken, `${BLOGS}/categories`);
    expect(res.status).toBe(200);
    const titles = res.body.data.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Books', 'Food', 'Personal', 'Technology', 'Travel']));
    expect(titles).not.toContain('Housing');
    for (const c of res.body.data) expect(Object.keys(c).sort()).toEqual(['id', 'title']);
  });

  it.each(['view_options', 'comment_options'])('%s lists the privacy options', async (name) => {
    const res = await get(t, ownerToken, `${BLOGS}/${name}`);
    expect(res.body).toEqual({ success: true, data: PRIVACY_OPTIONS });
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual(['everyone', 'registered', 'owner_member', 'owner']);
  });
});
