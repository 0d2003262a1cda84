import { describe, expect, it } from 'vitest';
import { makeGroup } from '../../api-server/test/routes/groups/group-fixtures.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { createBlog, getBlogChoices } from './blogs.ts';
import { searchSite } from './search.ts';

// Site search against the real api-server: every type this client shows, groups among them, in
// the results and the counts alike.

const api = setupRealApi();
const { demo } = membersOf(api, ['demo']);

describe('searchSite (GET /core/search)', () => {
  it('over every type, finds and counts a group beside a blog post; a type tab counts its own', async () => {
    const word = `Quokkaword${Date.now().toString(36)}`;
    const post = await createBlog(demo.token, {
      title: `${word} walk`,
      body: '<p>Along the river</p>',
      categoryId: (await getBlogChoices(demo.token)).categories[0]!.id,
      tags: [],
      draft: false,
    });
    const group = await makeGroup(api.db, demo.id, { title: `${word} club` });

    const all = (await searchSite(demo.token, { keywords: word }))!;
    expect(all.hits.map((h) => [h.type, h.id]).sort()).toEqual([
      ['blog', post],
      ['group', group],
    ]);
    expect(all.count).toBe(2);
    expect(all.types.find((t) => t.id === 'group')?.count).toBe(1);
    expect(all.types.find((t) => t.id === 'blog')?.count).toBe(1);

    const blogs = (await searchSite(demo.token, { keywords: word, type: 'blog' }))!;
    expect(blogs.count).toBe(1);
    expect(blogs.hits).toHaveLength(1);
    expect([all.more, blogs.more, ...all.types.map((t) => t.more)].some(Boolean)).toBe(false);
  });

  it('says when a word is in more posts than the server looked at: the count is "at least"', async () => {
    const word = `Zeugmaword${Date.now().toString(36)}`;
    // The server looks at each type's newest 100 matches (docs/api.md, Search).
    await api.db
      .insertInto('activities')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          owner_id: demo.id,
          subject_type: 'user',
          subject_id: demo.id,
          content: `${word} ${i}`,
          auth_view: 'everyone' as const,
          is_share: 0,
          created_at: 1_820_000_000 + i,
        })),
      )
      .execute();
    const all = (await searchSite(demo.token, { keywords: word }))!;
    expect(all).toMatchObject({ count: 100, more: true });
    expect(all.types.find((t) => t.id === 'activity')).toMatchObject({ count: 100, more: true });
    expect((await searchSite(demo.token, { keywords: word, type: 'activity' }))!).toMatchObject({ count: 100, more: true });
  });
});
