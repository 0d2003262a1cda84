import { beforeAll, describe, expect, it } from 'vitest';
import { privacyCast } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get, insertItem } from './fixtures.ts';
import { makeGroup } from './groups/group-fixtures.ts';

// Opening an item's detail counts a view (sort=popular reads them) for every reader but its
// owner; `count_view=0` (an extension, docs/api.md) reads it without counting one: the web
// client's preview image of a shared link, fetched beside the link's page by every unfurl.

const t = setupApi();

const KINDS = [
  { type: 'album', table: 'albums', path: '/api/v1/albums' },
  { type: 'blog', table: 'blogs', path: '/api/v1/blogs' },
  { type: 'classified', table: 'classifieds', path: '/api/v1/classifieds' },
  { type: 'video', table: 'videos', path: '/api/v1/videos' },
  { type: 'music_playlist', table: 'music_playlists', path: '/api/v1/music' },
  { type: 'group', table: 'groups', path: '/api/v1/groups' },
] as const;

let cast: Awaited<ReturnType<typeof privacyCast>>;
beforeAll(async () => {
  cast = await privacyCast(t.db);
});

describe.each(KINDS)('GET $path/{id}', ({ type, table, path }) => {
  let id: number;
  const views = async () => (await t.db.selectFrom(table).select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;

  beforeAll(async () => {
    id = type === 'group' ? await makeGroup(t.db, cast.owner) : await insertItem(t.db, type, cast.owner);
  });

  it('counts a view for a reader but the owner, and none with count_view=0', async () => {
    expect((await get(t, cast.ownerToken, `${path}/${id}`)).status).toBe(200);
    expect(await views()).toBe(0);
    // The web client's preview image is read with its own (client-credentials) token.
    for (const token of [cast.clientToken, cast.strangerToken]) {
      expect((await get(t, token, `${path}/${id}`, { count_view: 0 })).status).toBe(200);
    }
    expect(await views()).toBe(0);
    expect((await get(t, cast.strangerToken, `${path}/${id}`, { count_view: 1 })).status).toBe(200);
    expect((await get(t, cast.clientToken, `${path}/${id}`)).status).toBe(200);
    expect(await views()).toBe(2);
  });

  it('refuses a count_view that is neither 0 nor 1, and counts nothing', async () => {
    const before = await views();
    for (const bad of ['2', 'no', '']) {
      const res = await get(t, cast.strangerToken, `${path}/${id}`, { count_view: bad });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('count_view');
    }
    expect(await views()).toBe(before);
  });
});
