import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { privacyCast } from '../../helpers.ts';
import { del, get, insertPlaylist, post } from '../fixtures.ts';
import { insertConvertedSong } from './music-fixtures.ts';

// Music in site search (docs/api.md, "Music": search): type `music_playlist` of GET /core/search, a
// playlist found by its title, description and its converted songs' titles, by whoever may see it,
// never one hidden from search; the index follows the playlist's and its songs' changes.

const t = setupApi();
let cast: Awaited<ReturnType<typeof privacyCast>>;
beforeAll(async () => {
  cast = await privacyCast(t.db, undefined, { full_name: 'Mona Music' });
});

const search = async (token: string, keywords: string, type = 'music_playlist') => {
  const res = await get(t, token, '/api/v1/core/search', { keywords, type });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { count: number; items: Array<{ id: number; type: string; title: string }>; types: unknown[] };
};
const titles = async (token: string, keywords: string) => (await search(token, keywords)).items.map((i) => i.title).sort();

describe('music playlists in GET /core/search', () => {
  it('finds a playlist by its title, description or a song of it, with its card, and counts it among the types', async () => {
    const id = await insertPlaylist(t.db, cast.owner, { title: 'Harbour shanties', description: 'Songs of the sea, sung loud' });
    await insertConvertedSong(t.db, cast.owner, id, { title: 'Wellerman tide' });
    await insertConvertedSong(t.db, cast.owner, id, { title: 'Unfinished demo', status: 'being_processed' });
    const found = await search(cast.strangerToken, 'shanties');
    expect(found.count).toBe(1);
    expect(found.items).toEqual([
      {
        id,
        type: 'music_playlist',
        title: 'Harbour shanties',
        description: 'Songs of the sea, sung loud',
        img: '',
        owner: expect.objectContaining({ id: cast.owner, title: 'Mona Music' }),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    expect(found.types).toContainEqual({ id: 'music_playlist', title: 'Music', count: 1, more: false });
    expect(await titles(cast.strangerToken, 'sea loud')).toEqual(['Harbour shanties']);
    // A song's title finds its playlist; one not converted yet is not in it.
    expect(await titles(cast.strangerToken, 'wellerman')).toEqual(['Harbour shanties']);
    expect(await titles(cast.strangerToken, 'unfinished')).toEqual([]);
    // Searching everything finds it too.
    expect((await search(cast.strangerToken, 'wellerman', 'all')).items.map((i) => i.type)).toEqual(['music_playlist']);
  });

  it('follows who may see it, and never finds one hidden from search', async () => {
    await insertPlaylist(t.db, cast.owner, { title: 'Cello everyone' });
    await insertPlaylist(t.db, cast.owner, { title: 'Cello friends', auth_view: 'owner_member' });
    await insertPlaylist(t.db, cast.owner, { title: 'Cello mine', auth_view: 'owner' });
    await insertPlaylist(t.db, cast.owner, { title: 'Cello unlisted', allow_search: 0 });
    expect(await titles(cast.ownerToken, 'cello')).toEqual(['Cello everyone', 'Cello friends', 'Cello mine']);
    expect(await titles(cast.friendToken, 'cello')).toEqual(['Cello everyone', 'Cello friends']);
    expect(await titles(cast.strangerToken, 'cello')).toEqual(['Cello everyone']);
    expect(await titles(cast.clientToken, 'cello')).toEqual(['Cello everyone']);
  });

  it('follows an edit, a song converted, moved or deleted, and the playlist deleted', async () => {
    const id = await insertPlaylist(t.db, cast.owner, { title: 'Road trip' });
    const other = await insertPlaylist(t.db, cast.owner, { title: 'Night drive' });
    const song = await insertConvertedSong(t.db, cast.owner, id, { title: 'Kilometre zero', status: 'being_processed' });
    expect(await titles(cast.strangerToken, 'kilometre')).toEqual([]);
    await t.db.updateTable('songs').set({ status: 'processed' }).where('id', '=', song).execute();
    expect(await titles(cast.strangerToken, 'kilometre')).toEqual(['Road trip']);
    await t.db.updateTable('songs').set({ playlist_id: other }).where('id', '=', song).execute();
    expect(await titles(cast.strangerToken, 'kilometre')).toEqual(['Night drive']);
    await t.db.deleteFrom('songs').where('id', '=', song).execute();
    expect(await titles(cast.strangerToken, 'kilometre')).toEqual([]);

    const edited = await post(t, cast.ownerToken, `/api/v1/music/${id}`, { title: 'Coast road', description: 'Salt and sun' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await titles(cast.strangerToken, 'road trip')).toEqual([]);
    expect(await titles(cast.strangerToken, 'salt')).toEqual(['Coast road']);
    expect((await del(t, cast.ownerToken, `/api/v1/music/${id}`)).status).toBe(200);
    expect(await titles(cast.strangerToken, 'salt')).toEqual([]);
  });
});
