import type { FastifyInstance } from 'fastify';
import { getWallPlaylist, type PlaylistRow } from '../../data/music.ts';
import { countSongPlay, deleteSongs, getSong, insertSong, moveSongsToPlaylist, renameSong } from '../../data/songs.ts';
import { viewerOf, type Viewer } from '../../domain/privacy.ts';
import { songSrc } from '../../domain/songs.ts';
import { ApiError, forbidden, invalidParam, missingParam, notFound } from '../../errors.ts';
import { requiredSpooledFile, type SpooledFile } from '../../http/multipart.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { ffmpegAvailable } from '../../media/ffmpeg.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteSongFiles, songFile, songSourceKey } from '../../storage/songs.ts';
import { mediaStore, sendMediaFile } from '../../storage/videos.ts';
import { getVisiblePlaylist, getVisibleSong, isOwner, presentOneSong } from './present.ts';
import { removeSongFiles } from './write.ts';

const TITLE_MAX = 255;

const uploadForm = {
  type: 'object',
  properties: { Filedata: {}, title: { type: 'string', maxLength: TITLE_MAX } },
} as const;
const addSongForm = {
  type: 'object',
  properties: {
    playlist_id: { type: 'integer', minimum: 1 },
    Filedata: {},
    title: { type: 'string', maxLength: TITLE_MAX },
    song_id: { type: 'integer', minimum: 1 },
  },
  required: ['playlist_id'],
} as const;
const composeForm = {
  type: 'object',
  properties: {
    Filedata: {},
    title: { type: 'string', maxLength: TITLE_MAX },
    playlist_id: { type: 'integer', minimum: 1 },
    type: { type: 'string', enum: ['wall'] },
  },
} as const;
const renameForm = { type: 'object', properties: { title: { type: 'string', maxLength: TITLE_MAX } }, required: ['title'] } as const;

/** Uploads are streamed to disk as they come, up to SONG_MAX_BYTES (http/multipart.ts). */
const UPLOAD_CONFIG = { files: ['Filedata'], spool: { limit: 'songMaxBytes' } } as const;

/** A title typed, or else the file's name without its extension. */
function titleOf(typed: string | undefined, file: SpooledFile): string {
  const title = typed?.trim() || file.filename.replace(/\.[^.]*$/, '').trim() || 'Untitled';
  return title.slice(0, TITLE_MAX);
}

export default async function musicSongRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** The upload of a form, when this server can convert it. */
  async function audioUpload(file: unknown): Promise<SpooledFile> {
    if (!(await ffmpegAvailable(app.config.ffmpegPath))) {
      throw invalidParam('Filedata', 'cannot be taken: this server cannot convert songs (it has no ffmpeg)');
    }
    return requiredSpooledFile(file, 'Filedata', 'to upload a song');
  }

  /** Stores an upload as a new song of `me` (in `playlistId`) and queues its conversion. */
  async function storeSong(me: number, file: SpooledFile, title: string, playlistId: number | null): Promise<number> {
    let placed: number | undefined;
    try {
      const id = await insertSong(db, {
        ownerId: me,
        title,
        playlistId,
        // The upload moves under the song before its job can be claimed.
        place: async (songId) => {
          placed = songId;
          await mediaStore(app.config.dataDir).writeFrom(songSourceKey(songId), file.path);
        },
      });
      app.mediaWorker?.wake();
      return id;
    } catch (err) {
      if (placed !== undefined) await deleteSongFiles(app.config.dataDir, placed);
      throw err;
    }
  }

  async function ownPlaylist(viewer: Viewer, id: number): Promise<PlaylistRow> {
    const row = await getVisiblePlaylist(db, viewer, id);
    if (!isOwner(viewer, row)) throw forbidden('You are not allowed to edit this playlist.');
    return row;
  }

  async function ownSong(viewer: Viewer, id: number, action: string) {
    const song = await getVisibleSong(db, viewer, id);
    if (!isOwner(viewer, song)) throw forbidden(`Only its owner may ${action} this song.`);
    return song;
  }

  app.post<{ Body: Infer<typeof uploadForm> }>(
    '/songs',
    {
      config: UPLOAD_CONFIG,
      schema: { summary: 'Upload a song (Filedata), to be converted and then put in a playlist (song_ids)', body: uploadForm },
    },
    async (req) => {
      const me = userOf(req);
      const file = await audioUpload(req.body?.Filedata);
      const id = await storeSong(me, file, titleOf(req.body.title, file), null);
      return { success: true, data: { song_id: id } };
    },
  );

  app.post<{ Body: Infer<typeof addSongForm> }>(
    '/add_song',
    {
      config: UPLOAD_CONFIG,
      schema: {
        summary: "Add a song to one's playlist: an upload (Filedata), or one's song already uploaded (song_id)",
        body: addSongForm,
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const playlist = await ownPlaylist(viewerOf(db, me), b.playlist_id);
      if (b.song_id !== undefined) {
        const song = await getSong(db, b.song_id);
        if (!song || song.owner_id !== me) throw invalidParam('song_id', 'must be a song of yours');
        await moveSongsToPlaylist(db, playlist.id, [song.id]);
        return { success: true, data: { song_id: song.id } };
      }
      const file = await audioUpload(b.Filedata);
      const id = await storeSong(me, file, titleOf(b.title, file), playlist.id);
      return { success: true, data: { song_id: id } };
    },
  );

  app.post<{ Body: Infer<typeof composeForm> }>(
    '/compose_upload',
    {
      config: UPLOAD_CONFIG,
      schema: {
        summary: 'Upload a song for a post: into one of your playlists (playlist_id) or your Wall Songs (type=wall)',
        body: composeForm,
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body ?? {};
      if (b.playlist_id === undefined && b.type === undefined) throw missingParam('playlist_id', 'or type=wall is required');
      const playlist = b.playlist_id !== undefined ? await ownPlaylist(viewerOf(db, me), b.playlist_id) : await getWallPlaylist(db, me);
      const file = await audioUpload(b.Filedata);
      const title = titleOf(b.title, file);
      const id = await storeSong(me, file, title, playlist.id);
      // song_url is '' until the song is converted (GET /music/songs/{id} tells its status).
      return { success: true, data: { playlist_id: playlist.id, song_id: id, song_url: '', song_title: title } };
    },
  );

  app.get<{ Params: IdParams }>('/songs/:id', { schema: { summary: 'One song', params: idParams } }, async (req) => {
    const viewer = viewerOf(db, req.auth.userId);
    const song = await getVisibleSong(db, viewer, req.params.id);
    return { success: true, data: await presentOneSong(db, app.config, viewer, song) };
  });

  app.post<{ Params: IdParams; Body: Infer<typeof renameForm> }>(
    '/songs/:id',
    { schema: { summary: 'Rename a song', params: idParams, body: renameForm } },
    async (req) => {
      const song = await ownSong(viewerOf(db, userOf(req)), req.params.id, 'rename');
      // The origin leaves the title as it was when an empty one is sent.
      const title = req.body.title.trim();
      if (title) await renameSong(db, song.id, title);
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/songs/:id', { schema: { summary: 'Delete a song', params: idParams } }, async (req) => {
    const song = await ownSong(viewerOf(db, userOf(req)), req.params.id, 'delete');
    await deleteSongs(db, [song.id]);
    await removeSongFiles(app.config.dataDir, [song]);
    return { success: true };
  });

  app.post<{ Params: IdParams }>('/songs/:id/play', { schema: { summary: 'Count one play of a song', params: idParams } }, async (req) => {
    const song = await getVisibleSong(db, viewerOf(db, req.auth.userId), req.params.id);
    if (!songSrc(app.config, song)) throw forbidden('The song cannot be played yet.');
    return { success: true, data: { play_count: await countSongPlay(db, song.id) } };
  });

  // The song's file, after the reader's right to see the song is checked; with Range, so that a
  // player seeks (storage/videos.ts sendMediaFile).
  app.get<{ Params: IdParams }>(
    '/songs/:id/file',
    { schema: { summary: "A song's file (AAC in M4A; WAV for older songs), with HTTP ranges", params: idParams } },
    async (req, reply) => {
      const song = await getVisibleSong(db, viewerOf(db, req.auth.userId), req.params.id);
      if (!songSrc(app.config, song)) throw notFound('The song has no file to play (yet).');
      const { store, contentType } = songFile(app.config.dataDir, song);
      try {
        return await sendMediaFile(req, reply, store, song.file_key, contentType);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw notFound('The song has no file to play (yet).');
      }
    },
  );
}
