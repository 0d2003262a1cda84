import { beforeAll, describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { getBlog, getBlogForEditing, listBlogs, listMyBlogs } from '../social-api/blogs.ts';
import type { BlogFormValues } from '../validations/blog.ts';
import { deleteBlogCommand, saveBlogCommand, setBlogStateCommand } from './commands.ts';

// The blog post commands (what components/blogs/actions.ts runs for the signed-in person)
// against the real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);
let travel: string;

/** What the editor writes: a heading, bold, italic, a link, both lists, a quote. */
const EDITOR_HTML =
  '<h2>Day one</h2><p>Some <strong>bold</strong> and <em>italic</em> words, <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/lyon">a link</a>.</p>' +
  '<ul><li><p>first</p></li><li><p>second</p></li></ul><ol><li><p>one</p></li></ol><blockquote><p>A quote</p></blockquote><h3>Later</h3><p>The end</p>';

const values = (over: Partial<BlogFormValues> = {}): BlogFormValues => ({
  title: `Commands ${Math.random().toString(36).slice(2, 8)}`,
  body: '<p>Hello</p>',
  categoryId: travel,
  tags: ['lyon', 'food'],
  authView: 'everyone',
  authComment: 'everyone',
  searchable: true,
  ...over,
});

async function myTitles(): Promise<string[]> {
  return (await listMyBlogs(demo.token, { limit: 50 })).map((b) => b.title);
}

beforeAll(async () => {
  const row = await api.db
    .selectFrom('categories')
    .select('id')
    .where('module', '=', 'blog')
    .where('title', '=', 'Travel')
    .executeTakeFirstOrThrow();
  travel = String(row.id);
});

describe('saveBlogCommand: refusals change nothing', () => {
  it('refuses a form that does not pass the schema, with a message on each field, and creates nothing', async () => {
    const before = await myTitles();
    const res = await saveBlogCommand(demo.token, { values: values({ title: ' ', body: '<p></p>', categoryId: '' }), draft: false });
    expect(res).toMatchObject({
      ok: false,
      fieldErrors: { title: expect.any(String), body: expect.any(String), categoryId: expect.any(String) },
    });
    expect(await myTitles()).toEqual(before);
  });

  it('refuses ids and states no form of ours sends, saying the request was not understood', async () => {
    const before = await myTitles();
    for (const input of [
      { id: 0, values: values(), draft: false },
      { id: -3, values: values(), draft: false },
      { id: '12', values: values(), draft: false },
      { values: values(), draft: 'yes' },
      { values: { ...values(), tags: 'a,b' }, draft: false },
      null,
      'post',
    ]) {
      const res = await saveBlogCommand(demo.token, input);
      expect(res.ok).toBe(false);
      if (!res.ok && !res.fieldErrors) expect(res.message).toMatch(/not understood/);
    }
    expect(await myTitles()).toEqual(before);
  });

  it("puts the API's field errors on the form's fields: a category of another module lands on the category", async () => {
    const listing = await api.db.selectFrom('categories').select('id').where('module', '=', 'classified').executeTakeFirstOrThrow();
    const v = values({ categoryId: String(listing.id) });
    const res = await saveBlogCommand(demo.token, { values: v, draft: false });
    expect(res).toMatchObject({
      ok: false,
      message: 'Check the highlighted fields.',
      fieldErrors: { categoryId: expect.stringMatching(/category/) },
    });
    expect(await myTitles()).not.toContain(v.title);
  });

  it('says so when the post being edited is no longer there', async () => {
    const res = await saveBlogCommand(demo.token, { id: 987_654, values: values(), draft: false });
    expect(res).toMatchObject({ ok: false, message: expect.stringMatching(/no longer there/) });
  });

  it("refuses to save over someone else's post (the API answers 403) and leaves it as it was", async () => {
    const [theirs] = await listBlogs(demo.token, { userId: alice.id, limit: 1 });
    const before = await getBlogForEditing(alice.token, theirs!.id);
    const res = await saveBlogCommand(demo.token, { id: theirs!.id, values: values({ title: 'Taken over' }), draft: false });
    expect(res.ok).toBe(false);
    expect(await getBlogForEditing(alice.token, theirs!.id)).toEqual(before);
  });
});

describe('saveBlogCommand: publish, drafts both ways', () => {
  it("publishes a post; the editor's HTML comes back as it was written", async () => {
    const v = values({ body: EDITOR_HTML, tags: ['lyon', 'food'] });
    const res = await saveBlogCommand(demo.token, { values: v, draft: false });
    expect(res).toMatchObject({ ok: true, message: 'Your post was published.', data: { draft: false } });
    const id = res.ok ? res.data.id : 0;
    const saved = (await getBlogForEditing(demo.token, id))!;
    expect(saved).toMatchObject({
      title: v.title,
      draft: false,
      category: { id: Number(travel) },
      settings: { authView: 'everyone', authComment: 'everyone', searchable: true },
    });
    expect(saved.tags.map((t) => t.title).sort()).toEqual(['food', 'lyon']);
    // The same elements, text and link: only the link's rel/target are the API's own.
    const shape = (html: string) => html.replace(/<a [^>]*href="([^"]+)"[^>]*>/g, '<a href="$1">');
    expect(shape(saved.body)).toBe(shape(EDITOR_HTML));
    // Saved again as it was read, it stays the same.
    await saveBlogCommand(demo.token, { id, values: { ...v, body: saved.body }, draft: false });
    expect((await getBlogForEditing(demo.token, id))!.body).toBe(saved.body);
  });

  it('saves a draft only its author sees, publishes it, and turns it back into a draft', async () => {
    const v = values({ authView: 'registered', authComment: 'owner_member', searchable: false });
    const res = await saveBlogCommand(demo.token, { values: v, draft: true });
    expect(res).toMatchObject({ ok: true, data: { draft: true } });
    const id = res.ok ? res.data.id : 0;
    expect((await listMyBlogs(demo.token, { keywords: v.title })).map((b) => [b.title, b.draft])).toEqual([[v.title, true]]);
    expect(await getBlog(alice.token, id, alice.id)).toBeUndefined();

    expect(await setBlogStateCommand(demo.token, { id, draft: false })).toMatchObject({
      ok: true,
      message: 'Your post was published.',
      data: { draft: false },
    });
    const published = (await getBlog(alice.token, id, alice.id))!;
    expect(published.draft).toBe(false);
    // Publishing from the post's page keeps what the author chose.
    expect((await getBlogForEditing(demo.token, id))!.settings).toEqual({
      authView: 'registered',
      authComment: 'owner_member',
      searchable: false,
    });

    expect(await setBlogStateCommand(demo.token, { id, draft: true })).toMatchObject({ ok: true, data: { draft: true } });
    expect(await getBlog(alice.token, id, alice.id)).toBeUndefined();
    expect((await getBlog(demo.token, id, demo.id))!.draft).toBe(true);

    // From the editor: published with the changes, then back to a draft with them.
    await saveBlogCommand(demo.token, { id, values: { ...v, title: `${v.title} (2)` }, draft: false });
    expect((await getBlog(alice.token, id, alice.id))!.title).toBe(`${v.title} (2)`);
    expect(await saveBlogCommand(demo.token, { id, values: v, draft: true })).toMatchObject({
      ok: true,
      message: expect.stringMatching(/draft/),
    });
    expect(await getBlog(alice.token, id, alice.id)).toBeUndefined();
  });

  it("keeps the post's settings when told to (a server that does not tell them)", async () => {
    const res = await saveBlogCommand(demo.token, { values: values({ authView: 'owner_member' }), draft: false });
    const id = res.ok ? res.data.id : 0;
    await saveBlogCommand(demo.token, { id, values: values({ authView: 'everyone' }), draft: false, keepSettings: true });
    expect((await getBlogForEditing(demo.token, id))!.settings?.authView).toBe('owner_member');
  });
});

describe('setBlogStateCommand and deleteBlogCommand', () => {
  it("refuse bad input, and someone else's post, changing nothing", async () => {
    const [theirs] = await listBlogs(demo.token, { userId: alice.id, limit: 1 });
    for (const input of [{ id: 0, draft: true }, { id: theirs!.id, draft: 'yes' }, {}]) {
      expect(await setBlogStateCommand(demo.token, input)).toMatchObject({ ok: false, message: expect.stringMatching(/not understood/) });
    }
    expect(await deleteBlogCommand(demo.token, { id: 'x' })).toMatchObject({ ok: false, message: expect.stringMatching(/not understood/) });
    expect((await setBlogStateCommand(demo.token, { id: theirs!.id, draft: true })).ok).toBe(false);
    expect((await deleteBlogCommand(demo.token, { id: theirs!.id })).ok).toBe(false);
    expect((await getBlog(demo.token, theirs!.id, demo.id))!.draft).toBe(false);
  });

  it("deletes one's own post", async () => {
    const res = await saveBlogCommand(demo.token, { values: values(), draft: false });
    const id = res.ok ? res.data.id : 0;
    expect(await deleteBlogCommand(demo.token, { id })).toMatchObject({ ok: true });
    expect(await getBlog(demo.token, id, demo.id)).toBeUndefined();
  });
});

describe('getBlog', () => {
  it("gives the post with its social layer in one read, the author's settings to the author alone", async () => {
    const [lyon] = await listBlogs(demo.token, { keywords: 'Three days in Lyon' });
    const post = (await getBlog(demo.token, lyon!.id, demo.id))!;
    expect(post).toMatchObject({
      title: 'Three days in Lyon',
      canEdit: false,
      settings: undefined,
      social: { item: { type: 'blog', id: lyon!.id }, can: { like: true, comment: true, share: true } },
    });
    expect(post.html).toContain('<b>traboules</b>');
    expect(post.tags.map((t) => t.title).sort()).toEqual(['food', 'france', 'travel']);
    expect((await getBlog(alice.token, lyon!.id, alice.id))!.settings).toEqual({
      authView: 'everyone',
      authComment: 'everyone',
      searchable: true,
    });
  });
});
