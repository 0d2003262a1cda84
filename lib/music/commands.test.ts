import { describe, expect, it } from 'vitest';
import { createMediaWorker } from '../../api-server/src/media/worker.ts';
import { makeTone } from '../../api-server/test/routes/music/music-fixtures.ts';
import { createActivity, getActivity } from '../social-api/activities.ts';
import { apiFetch } from '../social-api/client.ts';
import { apiConfig } from '../social-api/config.ts';
import { searchSite } from '../social-api/search.ts';
import {
  fetchSongFile,
  getMusicChoices,
  getSong,
  getPlaylist,
  getPlaylistForEditing,
  listMyPlaylists,
  listPlaylists,
} from '../social-api/music.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { formRequest, ORIGIN } from '../testing/multipart.ts';
import { streamUpload } from '../uploads/stream-upload.ts';
import { activityCreateSchema } from '../validations/activity.ts';
import type { PlaylistSettingsValues } from '../validations/music.ts';
import {
  countPlayCommand,
  createPlaylistCommand,
  deletePlaylistCommand,
  deleteSongCommand,
  editPlaylistCommand,
  reorderSongsCommand,
} from './commands.ts';
import { songSrc, tracksOf } from './tracks.ts';
import { composeSongUploadOptions, songUploadOptions } from './uploads.ts';

// Music's loaders and commands (what components/music/actions.ts and the song upload route run for
// the signed-in person) against the real api-server over loopback HTTP, on the demo data, with
// songs made by ffmpeg and converted by the API's media worker.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const values = (over: Partial<PlaylistSettingsValues> = {}): PlaylistSettingsValues => ({
  title: 'Road songs',
  description: '',
  authView: 'everyone',
  authComment: 'everyone',
  searchable: true,
  ...over,
});

async function newPlaylist(over: Partial<PlaylistSettingsValues> = {}): Promise<number> {
  const res = await createPlaylistCommand(demo.token, values(over));
  if (!res.ok) throw new Error(res.message);
  return res.data.id;
}

/** Sends a file through the upload route's checks as a browser does: the playlist's id, then the file. */
async function upload(file: Uint8Array, name: string, playlistId: string, maxBytes = 10 * 1024 * 1024): Promise<Response> {
  const request = await formRequest([
    { name: 'playlist_id', value: playlistId },
    { name: 'Filedata', file: Buffer.from(file), fileName: name, type: 'application/octet-stream' },
  ]);
  return streamUpload(request, { webOrigin: ORIGIN, maxBytes, session: async () => ({ accessToken: demo.token }), ...songUploadOptions });
}

describe('playlists', () => {
  it('are created with their settings, refused without a title, listed for whoever may see them and filtered', async () => {
    expect(await createPlaylistCommand(demo.token, values({ title: '  ' }))).toEqual({
      ok: false,
      message: 'Check the highlighted fields.',
      fieldErrors: { title: 'Give your playlist a title.' },
    });
    const open = await newPlaylist({ title: 'Songs for the zqlake', description: 'Quiet ones.' });
    const hidden = await newPlaylist({ title: 'Songs for me alone', authView: 'owner' });

    expect(await getPlaylist(alice.token, open, alice.id)).toMatchObject({
      title: 'Songs for the zqlake',
      description: 'Quiet ones.',
      owner: { id: demo.id },
      songs: [],
      songCount: 0,
      canEdit: false,
      social: { item: { type: 'music_playlist', id: open }, likeCount: 0 },
    });
    expect(await getPlaylist(alice.token, hidden, alice.id)).toBeUndefined();
    expect(await getPlaylistForEditing(demo.token, hidden)).toMatchObject({
      canEdit: true,
      settings: { authView: 'owner', authComment: 'everyone', searchable: true },
    });

    const found = await listPlaylists(alice.token, { keywords: 'zqlake', sort: 'popular' });
    expect(found!.map((p) => p.id)).toEqual([open]);
    expect((await listPlaylists(alice.token, { userId: demo.id }))!.map((p) => p.id)).not.toContain(hidden);
    await expect(listPlaylists(alice.token, { userId: 999_999 })).rejects.toMatchObject({ status: 404 });
    expect((await listMyPlaylists(demo.token, { limit: 50 }))!.map((p) => p.id)).toEqual(expect.arrayContaining([open, hidden]));
    expect(await getMusicChoices(demo.token)).toMatchObject({ view: expect.arrayContaining([expect.objectContaining({ id: 'owner' })]) });
  });

  it('are edited and deleted by their owner only', async () => {
    const id = await newPlaylist();
    expect((await editPlaylistCommand(alice.token, { id, values: values({ title: 'Mine now' }) })).ok).toBe(false);
    expect(await editPlaylistCommand(demo.token, { id, values: values({ title: '' }) })).toMatchObject({
      ok: false,
      fieldErrors: { title: 'Give your playlist a title.' },
    });
    expect(await editPlaylistCommand(demo.token, { id, values: values({ title: 'Renamed', searchable: false }) })).toEqual({
      ok: true,
      message: 'Your playlist was saved.',
      data: { id },
    });
    expect(await getPlaylistForEditing(demo.token, id)).toMatchObject({ title: 'Renamed', settings: { searchable: false } });
    expect((await deletePlaylistCommand(alice.token, { id })).ok).toBe(false);
    expect(await deletePlaylistCommand(demo.token, { id })).toMatchObject({ ok: true });
    expect(await getPlaylist(demo.token, id, demo.id)).toBeUndefined();
  });
});

describe('songs uploaded through the BFF', () => {
  it('refuses what is not a song, one too large, and an upload that names no playlist, before anything reaches the API', async () => {
    const id = await newPlaylist();
    const text = await upload(new TextEncoder().encode('just some words, not a song'), 'notes.txt', String(id));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toMatch(/“notes\.txt” is not a song this site takes/);
    const song = await makeTone(1);
    const big = await upload(song, 'tone.wav', String(id), 100);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/songs can be at most 100 bytes/);
    const nowhere = await upload(song, 'tone.wav', 'none');
    expect(nowhere.status).toBe(400);
    // Another's playlist: the API's refusal, passed on.
    const theirs = await createPlaylistCommand(alice.token, values({ title: 'Alice’s' }));
    if (!theirs.ok) throw new Error(theirs.message);
    expect((await upload(song, 'tone.wav', String(theirs.data.id))).status).toBe(403);
    expect((await getPlaylistForEditing(demo.token, id))!.songs).toEqual([]);
  });

  it('are converted, play from their file with ranges, keep the order their owner gives, count plays, and play from a post', async () => {
    const id = await newPlaylist({ title: 'Two tones' });
    const tone = await makeTone(2);
    const ids: number[] = [];
    for (const name of ['First tone.wav', 'Second tone.wav']) {
      const res = await upload(tone, name, String(id));
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { songId: number }).songId);
    }
    const waiting = await getPlaylistForEditing(demo.token, id);
    expect(waiting!.songs.map((s) => [s.title, s.status, s.source])).toEqual([
      ['First tone', 'to_be_processed', null],
      ['Second tone', 'to_be_processed', null],
    ]);
    // Not converted: nobody else sees them, and they do not play.
    expect((await getPlaylist(alice.token, id, alice.id))!.songs).toEqual([]);
    expect(tracksOf(waiting!.songs, 'Demo')).toEqual([]);

    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(2);

    const playlist = await getPlaylist(alice.token, id, alice.id);
    expect(playlist!.songs).toEqual([
      expect.objectContaining({ id: ids[0], title: 'First tone', duration: 2, status: 'processed', source: { kind: 'upload' } }),
      expect.objectContaining({ id: ids[1], title: 'Second tone', duration: 2, status: 'processed', source: { kind: 'upload' } }),
    ]);
    expect(tracksOf(playlist!.songs, 'Demo User')).toEqual([
      { id: ids[0], title: 'First tone', by: 'Demo User', src: `/api/music/songs/${ids[0]}/file`, duration: 2 },
      { id: ids[1], title: 'Second tone', by: 'Demo User', src: `/api/music/songs/${ids[1]}/file`, duration: 2 },
    ]);

    const range = await fetchSongFile(alice.token, ids[0]!, new Headers({ range: 'bytes=0-99' }), new AbortController().signal);
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('audio/mp4');
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    // The owner's order; another's, or one that misses a song, is refused and changes nothing.
    expect((await reorderSongsCommand(alice.token, { id, songIds: [ids[1], ids[0]] })).ok).toBe(false);
    expect(await reorderSongsCommand(demo.token, { id, songIds: [ids[1]] })).toEqual({
      ok: false,
      message: 'The playlist changed meanwhile. Reload the page and try again.',
    });
    expect(await reorderSongsCommand(demo.token, { id, songIds: [ids[1], ids[0]] })).toEqual({
      ok: true,
      message: 'The new order was saved.',
      data: undefined,
    });
    expect((await getPlaylist(alice.token, id, alice.id))!.songs.map((s) => s.id)).toEqual([ids[1], ids[0]]);

    // Site search finds the playlist by a converted song's title, on its Music tab.
    const found = (await searchSite(alice.token, { keywords: 'second tone', type: 'music_playlist' }))!;
    expect(found.hits).toEqual([expect.objectContaining({ id, type: 'music_playlist', title: 'Two tones' })]);
    expect(found.types.find((t) => t.id === 'music_playlist')).toEqual({ id: 'music_playlist', title: 'Music', count: 1, more: false });

    // A play is counted for whoever may listen.
    expect(await countPlayCommand(alice.token, { id: ids[0] })).toEqual({ ok: true, message: '', data: { plays: 1 } });
    expect(await getPlaylist(alice.token, id, alice.id)).toMatchObject({ playCount: 1 });

    // A post with the song: its card plays the same file through the BFF.
    const posted = (await apiFetch(apiConfig(), '/activities', {
      token: demo.token,
      form: { body: 'Listen', 'attachment[type]': 'music', 'attachment[song_id]': ids[0]! },
    })) as { id: number };
    const activity = await getActivity(alice.token, posted.id);
    expect(activity!.attachments).toEqual([
      { kind: 'song', id: ids[0], title: 'First tone', duration: 2, source: { kind: 'upload' }, status: 'processed' },
    ]);
    const card = activity!.attachments[0]!;
    expect(card.kind === 'song' && songSrc(card.id, card.source)).toBe(`/api/music/songs/${ids[0]}/file`);

    // Deleted by its owner alone.
    expect((await deleteSongCommand(alice.token, { id: ids[1] })).ok).toBe(false);
    expect(await deleteSongCommand(demo.token, { id: ids[1] })).toMatchObject({ ok: true });
    expect((await getPlaylist(alice.token, id, alice.id))!.songs.map((s) => s.id)).toEqual([ids[0]]);
  });
});

/** Sends a file through the compose box's song route as a browser does (the file alone). */
async function composeUpload(file: Uint8Array, name: string): Promise<Response> {
  const request = await formRequest([{ name: 'Filedata', file: Buffer.from(file), fileName: name, type: 'application/octet-stream' }]);
  return streamUpload(request, {
    webOrigin: ORIGIN,
    maxBytes: 10 * 1024 * 1024,
    session: async () => ({ accessToken: demo.token }),
    ...composeSongUploadOptions,
  });
}

describe('the compose box’s song', () => {
  it('refuses what is not a song before anything reaches the API', async () => {
    const res = await composeUpload(new TextEncoder().encode('hello, not a song'), 'hello.txt');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/“hello\.txt” is not a song this site takes/);
  });

  it('is uploaded into the poster’s Wall Songs, posted while it converts, then plays from the post', async () => {
    const res = await composeUpload(await makeTone(1), 'Evening hum.wav');
    expect(res.status).toBe(200);
    const song = (await res.json()) as { id: number; title: string };
    expect(song).toEqual({ id: expect.any(Number), title: 'Evening hum' });
    expect(await getSong(demo.token, song.id)).toMatchObject({ status: 'to_be_processed', source: null });

    // A post with one attachment: a song and a photo together are refused before the API.
    const both = activityCreateSchema.safeParse({ body: '', songId: song.id, photoId: 5 });
    expect(both.success).toBe(false);
    expect(both.error!.issues.map((i) => i.message)).toContain('A post can have one photo, link, video or song: remove the others.');

    const post = await createActivity(demo.token, { body: 'Tonight’s hum', songId: song.id });
    expect((await getActivity(demo.token, post.id))!.attachments).toEqual([
      { kind: 'song', id: song.id, title: 'Evening hum', duration: null, source: null, status: 'to_be_processed' },
    ]);

    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);
    expect(await getSong(demo.token, song.id)).toMatchObject({ status: 'processed', duration: 1, source: { kind: 'upload' } });
    expect((await getActivity(alice.token, post.id))!.attachments).toEqual([
      { kind: 'song', id: song.id, title: 'Evening hum', duration: 1, source: { kind: 'upload' }, status: 'processed' },
    ]);
    expect((await listMyPlaylists(demo.token))!.map((p) => p.title)).toContain('Wall Songs');
  });
});
