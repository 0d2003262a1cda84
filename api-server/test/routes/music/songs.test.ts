import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { createMediaWorker } from '../../../src/media/worker.ts';
import { tuneWav } from '../../../src/seed/legacy.ts';
import { fileStore } from '../../../src/storage/images.ts';
import { setupApi } from '../../fixture.ts';
import { call, createMember, privacyCast } from '../../helpers.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { del, get, post } from '../fixtures.ts';
import { makeTone, uploadSong } from './music-fixtures.ts';

// Songs uploaded, converted by ffmpeg in the media worker (a job of kind song_convert in the
// table videos use), played from their file with ranges by those who may see them, counted,
// renamed, deleted, put in posts and listed by the legacy API.

const t = setupApi();
let tone: Buffer;

/** Every file under the media store's songs. */
function songFiles(): string[] {
  const root = path.join(t.dataDir, 'media', 'song');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
}

const drain = (config = t.config) => createMediaWorker({ db: t.db, config }).drain();
const song = (token: string | null, id: number) => get(t, token, `/api/v1/music/songs/${id}`);
const file = (token: string | null, id: number, range?: string) =>
  call(t.app, token, { method: 'GET', url: `/api/v1/music/songs/${id}/file`, headers: range ? { range } : {} });

beforeAll(async () => {
  tone = await makeTone(1);
});

describe('POST /music/songs, converted by the worker', () => {
  it('waits as to_be_processed for its owner alone, then is an AAC M4A of 1 s served with ranges', async () => {
    const owner = await createMember(t.db, 'Olga Owner');
    const up = await uploadSong(t, owner.token, tone);
    expect(up.status).toBe(200);
    const id = up.body.data.song_id as number;
    expect(up.body.data).toEqual({ song_id: id });
    expect(fs.readdirSync(path.join(t.dataDir, 'spool'))).toEqual([]);

    const waiting = await song(owner.token, id);
    expect(waiting.body.data).toMatchObject({
      id,
      title: 'My tone',
      song_url: '',
      src: '',
      duration: null,
      play_count: 0,
      playlist_id: null,
      status: 'to_be_processed',
      can_edit: true,
      can_delete: true,
      owner: { id: owner.id, title: 'Olga Owner' },
    });
    expect(waiting.body.data.status_message).toMatch(/in queue/);
    expect((await file(owner.token, id)).status).toBe(404);
    const other = await createMember(t.db);
    expect((await song(other.token, id)).status).toBe(404);

    expect(await drain()).toBe(1);

    const done = await song(owner.token, id);
    const src = `${t.config.publicUrl}/api/v1/music/songs/${id}/file`;
    expect(done.body.data).toMatchObject({ status: 'processed', status_message: '', duration: 1, src, song_url: src });
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/v1/music/songs/${id}/file`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, max-age=3600');
    const raw = whole.rawPayload;
    expect(raw.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // The index (moov) before the sound (mdat): +faststart, so a player starts at once.
    expect(raw.indexOf('moov')).toBeLessThan(raw.indexOf('mdat'));
    const size = raw.length;

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/music/songs/${id}/file`,
      headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(raw.subarray(10, 20))).toBe(true);
    const past = await file(owner.token, id, `bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    // Only the converted file is kept; nothing under the public /files/.
    expect(songFiles()).toEqual([expect.stringMatching(new RegExp(`^${id}/[0-9a-f]+\\.m4a$`))]);
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'song'))).toBe(false);
    // In no playlist, a converted song is still its owner's alone.
    expect((await song(other.token, id)).status).toBe(404);
    expect((await file(other.token, id)).status).toBe(404);
  });

  it("is played, once in a playlist, by those the playlist's auth_view lets in, and counted", async () => {
    const cast = await privacyCast(t.db);
    const id = (await uploadSong(t, cast.ownerToken, tone, { title: 'Friends tune' })).body.data.song_id as number;
    await drain();
    const made = await post(t, cast.ownerToken, '/api/v1/music', { title: 'For friends', auth_view: 'owner_member', song_ids: String(id) });
    expect(made.status).toBe(200);
    expect((await file(cast.ownerToken, id, 'bytes=0-9')).status).toBe(206);
    expect((await file(cast.friendToken, id, 'bytes=0-9')).status).toBe(206);
    expect((await file(cast.strangerToken, id)).status).toBe(404);
    expect((await file(cast.clientToken, id)).status).toBe(404);
    expect((await file(null, id)).status).toBe(401);
    expect((await song(cast.friendToken, id)).body.data).toMatchObject({ title: 'Friends tune', can_edit: false, can_delete: false });

    const play = (token: string) => post(t, token, `/api/v1/music/songs/${id}/play`);
    expect((await play(cast.friendToken)).body.data).toEqual({ play_count: 1 });
    expect((await play(cast.ownerToken)).body.data).toEqual({ play_count: 2 });
    expect((await play(cast.strangerToken)).status).toBe(404);
    const list = await get(t, cast.ownerToken, `/api/v1/music/${made.body.data.id}`, { fields: 'play_count,songs' });
    expect(list.body.data.play_count).toBe(2);
    expect(list.body.data.songs[0]).toMatchObject({ id, play_count: 2 });

    // A token without the music scope is refused for it.
    const basicOnly = await createMember(t.db, undefined, ['basic']);
    expect((await song(basicOnly.token, id)).body.data.error_text).toBe('insufficient_scope');
  });

  it('is renamed and deleted by its owner alone, its files with it', async () => {
    const cast = await privacyCast(t.db);
    const id = (await uploadSong(t, cast.ownerToken, tone)).body.data.song_id as number;
    await drain();
    await post(t, cast.ownerToken, '/api/v1/music', { title: 'Open', song_ids: String(id) });
    expect((await post(t, cast.strangerToken, `/api/v1/music/songs/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await post(t, cast.ownerToken, `/api/v1/music/songs/${id}`, {})).status).toBe(400);
    expect((await post(t, cast.ownerToken, `/api/v1/music/songs/${id}`, { title: '  Evening  ' })).body).toEqual({ success: true });
    expect((await song(cast.strangerToken, id)).body.data.title).toBe('Evening');
    expect((await del(t, cast.strangerToken, `/api/v1/music/songs/${id}`)).status).toBe(403);
    expect((await del(t, cast.ownerToken, `/api/v1/music/songs/${id}`)).body).toEqual({ success: true });
    expect((await song(cast.ownerToken, id)).status).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'song', String(id)))).toBe(false);
  });
});

describe('hostile uploads', () => {
  it('random bytes end conversion_failed with a reason, leaving no file', async () => {
    const owner = await createMember(t.db);
    const id = (await uploadSong(t, owner.token, crypto.randomBytes(4096))).body.data.song_id as number;
    await drain();
    expect((await song(owner.token, id)).body.data).toMatchObject({
      status: 'conversion_failed',
      status_message: 'The file is not audio that can be read.',
      src: '',
    });
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'song', String(id)))).toBe(false);
    expect((await post(t, owner.token, `/api/v1/music/songs/${id}/play`)).status).toBe(403);
    // Posted, its card tells its owner that it failed (nobody else sees it).
    const posted = await post(t, owner.token, '/api/v1/activities', { 'attachment[type]': 'music', 'attachment[song_id]': id });
    const card = await get(t, owner.token, `/api/v1/activities/${posted.body.data.id}`, { fields: 'attachments' });
    expect(card.body.data.attachments).toEqual([expect.objectContaining({ id, type: 'music', src: '', status: 'conversion_failed' })]);
  });

  it('a song longer than SONG_MAX_DURATION fails; a conversion past the time limit is stopped', async () => {
    const owner = await createMember(t.db);
    const long = (await uploadSong(t, owner.token, tone)).body.data.song_id as number;
    await drain({ ...t.config, songMaxDuration: 0.5 });
    expect((await song(owner.token, long)).body.data).toMatchObject({
      status: 'conversion_failed',
      status_message: 'The song is longer than 0.5 seconds.',
    });

    const slow = (await uploadSong(t, owner.token, tone)).body.data.song_id as number;
    const hang = path.join(t.dataDir, 'hanging-ffmpeg');
    fs.writeFileSync(hang, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const started = Date.now();
    await drain({ ...t.config, ffmpegPath: hang, videoConvertSeconds: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await song(owner.token, slow)).body.data).toMatchObject({
      status: 'conversion_failed',
      status_message: 'The conversion took longer than 1 s and was stopped.',
    });
    for (const id of [long, slow]) expect(fs.existsSync(path.join(t.dataDir, 'media', 'song', String(id)))).toBe(false);
  });

  it('a file over SONG_MAX_BYTES is refused with 413 as it streams; an upload without a file is 400', async () => {
    const owner = await createMember(t.db);
    const limit = t.app.config.songMaxBytes;
    t.app.config.songMaxBytes = 1000;
    try {
      const res = await uploadSong(t, owner.token, Buffer.alloc(5000, 1));
      expect(res.status).toBe(413);
    } finally {
      t.app.config.songMaxBytes = limit;
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'spool'))).toEqual([]);
    const none = await post(t, owner.token, '/api/v1/music/songs', { title: 'x' });
    expect(none.body.data.error_params[0]).toMatchObject({ name: 'Filedata', error_text: 'missing_parameter' });
  });
});

describe('songs into playlists and posts', () => {
  it('POST /music/add_song uploads into one of your playlists or moves your song there; others are refused', async () => {
    const cast = await privacyCast(t.db);
    const list = (await post(t, cast.ownerToken, '/api/v1/music', { title: 'Mix' })).body.data.id as number;
    const added = await uploadSong(t, cast.ownerToken, tone, { playlist_id: list, title: 'Second' }, '/api/v1/music/add_song');
    expect(added.status).toBe(200);
    const loose = (await uploadSong(t, cast.ownerToken, tone, { title: 'First' })).body.data.song_id as number;
    expect((await post(t, cast.ownerToken, '/api/v1/music/add_song', { playlist_id: list, song_id: loose })).body.data).toEqual({
      song_id: loose,
    });
    const mine = (await uploadSong(t, cast.strangerToken, tone)).body.data.song_id as number;
    const refused = await post(t, cast.ownerToken, '/api/v1/music/add_song', { playlist_id: list, song_id: mine });
    expect(refused.body.data.error_params[0].name).toBe('song_id');
    expect((await uploadSong(t, cast.strangerToken, tone, { playlist_id: list }, '/api/v1/music/add_song')).status).toBe(403);
    await drain();
    const detail = await get(t, cast.ownerToken, `/api/v1/music/${list}`, { fields: 'songs' });
    expect(detail.body.data.songs.map((s: { title: string }) => s.title)).toEqual(['Second', 'First']);
  });

  it('POST /music/compose_upload puts a song in Wall Songs; a post carries its card to those who may see it', async () => {
    const cast = await privacyCast(t.db);
    const up = await uploadSong(t, cast.ownerToken, tone, { type: 'wall', title: 'Posted tune' }, '/api/v1/music/compose_upload');
    expect(up.body.data).toMatchObject({ song_url: '', song_title: 'Posted tune' });
    const { song_id: id, playlist_id: wall } = up.body.data as { song_id: number; playlist_id: number };
    const again = await uploadSong(t, cast.ownerToken, tone, { type: 'wall' }, '/api/v1/music/compose_upload');
    expect(again.body.data.playlist_id).toBe(wall);
    expect((await get(t, cast.ownerToken, `/api/v1/music/${wall}`, { fields: 'title' })).body.data.title).toBe('Wall Songs');
    expect((await post(t, cast.ownerToken, '/api/v1/music/compose_upload', {})).status).toBe(400);

    const posted = await post(t, cast.ownerToken, '/api/v1/activities', {
      body: 'listen',
      'attachment[type]': 'music',
      'attachment[song_id]': id,
    });
    expect(posted.status).toBe(200);
    const activity = (token: string) => get(t, token, `/api/v1/activities/${posted.body.data.id}`, { fields: 'attachments' });
    // Not converted yet: the card is its owner's alone.
    expect((await activity(cast.strangerToken)).body.data.attachments).toEqual([]);
    await drain();
    const src = `${t.config.publicUrl}/api/v1/music/songs/${id}/file`;
    expect((await activity(cast.strangerToken)).body.data.attachments).toEqual([
      { id, type: 'music', title: 'Posted tune', description: '', img: '', href: src, duration: 1, src, status: 'processed' },
    ]);
    // Wall Songs made friends-only: the card is left out for a stranger.
    await post(t, cast.ownerToken, `/api/v1/music/${wall}`, { auth_view: 'owner_member' });
    expect((await activity(cast.strangerToken)).body.data.attachments).toEqual([]);
    expect((await activity(cast.friendToken)).body.data.attachments[0]).toMatchObject({ id, duration: 1 });
    // One may post only a song one may see.
    const refused = await post(t, cast.strangerToken, '/api/v1/activities', { 'attachment[type]': 'music', 'attachment[song_id]': id });
    expect(refused.body.data.error_params[0].name).toBe('attachment[song_id]');
    const shared = await post(t, cast.friendToken, '/api/v1/activities', { 'attachment[type]': 'music', 'attachment[song_id]': id });
    expect(shared.status).toBe(200);
  });

  it('the legacy musicsharing.getSongs lists converted songs the reader may see, played from the API', async () => {
    const cast = await privacyCast(t.db);
    const open = (await post(t, cast.ownerToken, '/api/v1/music', { title: 'Open' })).body.data.id as number;
    const closed = (await post(t, cast.ownerToken, '/api/v1/music', { title: 'Closed', auth_view: 'owner' })).body.data.id as number;
    const a = (await uploadSong(t, cast.ownerToken, tone, { playlist_id: open }, '/api/v1/music/add_song')).body.data.song_id as number;
    await uploadSong(t, cast.ownerToken, tone, { playlist_id: closed }, '/api/v1/music/add_song');
    await drain();
    const stranger = await legacyToken(t, cast.stranger);
    const seen = await callApi(t, stranger, 'musicsharing.getSongs', { user_id: cast.owner });
    expect(seen.api.total).toBe(1);
    expect(seen.output).toEqual([
      {
        path_file: `${t.config.publicUrl}/api/v1/music/songs/${a}/file`,
        album_url: `${t.config.webOrigin}/users/${cast.owner}`,
        listen: 0,
      },
    ]);
    expect((await callApi(t, await legacyToken(t, cast.owner), 'musicsharing.getSongs')).api.total).toBe(2);
  });

  it('a song stored before the music module keeps working: public, its WAV served with ranges, its card in posts', async () => {
    const owner = await createMember(t.db);
    const stranger = await createMember(t.db);
    const key = `songs/legacy-${owner.id}.wav`;
    await fileStore(t.dataDir).write(key, tuneWav([440, 660], 0.5));
    const id = (
      await t.db
        .insertInto('songs')
        .values({ owner_id: owner.id, title: 'Old tune', file_key: key, play_count: 7, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await song(stranger.token, id)).body.data).toMatchObject({
      title: 'Old tune',
      play_count: 7,
      duration: null,
      status: 'processed',
    });
    const part = await file(stranger.token, id, 'bytes=0-3');
    expect(part).toMatchObject({ status: 206, body: 'RIFF' });
    expect(part.headers['content-type']).toBe('audio/wav');
    const posted = await post(t, stranger.token, '/api/v1/activities', { 'attachment[type]': 'music', 'attachment[song_id]': id });
    const card = await get(t, owner.token, `/api/v1/activities/${posted.body.data.id}`, { fields: 'attachments' });
    expect(card.body.data.attachments).toEqual([
      {
        id,
        type: 'music',
        title: 'Old tune',
        description: '',
        img: '',
        href: `${t.config.publicUrl}/files/${key}`,
        duration: null,
        src: `${t.config.publicUrl}/api/v1/music/songs/${id}/file`,
        status: 'processed',
      },
    ]);
  });
});
