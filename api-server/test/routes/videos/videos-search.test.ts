import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { privacyCast } from '../../helpers.ts';
import { del, get, insertVideo, post } from '../fixtures.ts';

// Videos in site search (docs/api.md, "Videos": search): type `video` of GET /core/search, found by
// title, description and tags, by whoever may see the video, never one hidden from search, not
// yet converted, or kept unlisted (uploaded for a post not yet posted, or for a message).

const t = setupApi();
let cast: Awaited<ReturnType<typeof privacyCast>>;
beforeAll(async () => {
  cast = await privacyCast(t.db, undefined, { full_name: 'Vera Video' });
});

const search = async (token: string, keywords: string, type = 'video') => {
  const res = await get(t, token, '/api/v1/core/search', { keywords, type });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const titles = async (token: string, keywords: string) =>
  ((await search(token, keywords)).items as Array<{ title: string }>).map((i) => i.title).sort();

describe('videos in GET /core/search', () => {
  it('finds a video by its title, description or tags, with its card, and counts it among the types', async () => {
    const id = await insertVideo(t.db, cast.owner, { title: 'Glacier timelapse', description: 'Ice moving over a year', poster_key: null });
    const found = await search(cast.strangerToken, 'glacier');
    expect(found.count).toBe(1);
    expect(found.items).toEqual([
      {
        id,
        type: 'video',
        title: 'Glacier timelapse',
        description: 'Ice moving over a year',
        img: '',
        owner: expect.objectContaining({ id: cast.owner, title: 'Vera Video' }),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    expect(found.types).toContainEqual({ id: 'video', title: 'Videos', count: 1, more: false });
    expect((await search(cast.clientToken, 'moving', 'all')).items.map((i: { type: string }) => i.type)).toEqual(['video']);
    expect((await get(t, cast.ownerToken, '/api/v1/core/search_types')).body.data).toContainEqual({ id: 'video', title: 'Videos' });

    // Its tags, and every edit and the deletion, are followed.
    expect((await post(t, cast.ownerToken, `/api/v1/videos/${id}`, { tags: 'crevasse, alps', title: 'Ice river' })).status).toBe(200);
    expect(await titles(cast.strangerToken, 'crevasse')).toEqual(['Ice river']);
    expect(await titles(cast.strangerToken, 'glacier')).toEqual([]);
    expect(await titles(cast.strangerToken, 'river')).toEqual(['Ice river']);
    expect((await post(t, cast.ownerToken, `/api/v1/videos/${id}`, { tags: 'alps' })).status).toBe(200);
    expect(await titles(cast.strangerToken, 'crevasse')).toEqual([]);
    expect((await del(t, cast.ownerToken, `/api/v1/videos/${id}`)).status).toBe(200);
    expect(await titles(cast.strangerToken, 'river')).toEqual([]);
  });

  it("follows auth_view, and never finds one hidden from search, not converted or unlisted (its owner's neither)", async () => {
    const add = (title: string, p: Parameters<typeof insertVideo>[2] = {}) => insertVideo(t.db, cast.owner, { title, ...p });
    await add('Kayak everyone');
    await add('Kayak registered', { auth_view: 'registered' });
    await add('Kayak friends', { auth_view: 'owner_member' });
    await add('Kayak owner', { auth_view: 'owner' });
    await add('Kayak unsearchable', { allow_search: 0 });
    await add('Kayak converting', { type: 'upload', code: null, url: null, status: 'being_processed' });
    await add('Kayak failed', { type: 'upload', code: null, url: null, status: 'conversion_failed' });
    const unlisted = await add('Kayak unposted', { unlisted: 1 });
    expect(await titles(cast.clientToken, 'kayak')).toEqual(['Kayak everyone']);
    expect(await titles(cast.strangerToken, 'kayak')).toEqual(['Kayak everyone', 'Kayak registered']);
    expect(await titles(cast.friendToken, 'kayak')).toEqual(['Kayak everyone', 'Kayak friends', 'Kayak registered']);
    expect(await titles(cast.ownerToken, 'kayak')).toEqual(['Kayak everyone', 'Kayak friends', 'Kayak owner', 'Kayak registered']);
    // Posted, the unlisted one is found.
    const posted = await post(t, cast.ownerToken, '/api/v1/activities', { 'attachment[type]': 'video', 'attachment[video_id]': unlisted });
    expect(posted.status).toBe(200);
    expect(await titles(cast.strangerToken, 'unposted')).toEqual(['Kayak unposted']);
  });
});
