import { parseId } from '../params.ts';
import { addSongUpload, uploadComposeSong, type ComposedSong } from '../social-api/music.ts';
import { uploadRoute, type UploadRouteOptions } from '../uploads/photo-route.ts';
import { uploadAnswer, type UploadKind } from '../uploads/stream-upload.ts';
import { notASongMessage, sniffSongType, SONG_KINDS_TEXT, SONG_SNIFF_BYTES } from '../validations/song-file.ts';

// POST /api/upload/song (app/api/upload/song): a song into one of one's playlists, streamed on to
// the API's POST /music/add_song. The browser sends the playlist's id (`playlist_id`) before the
// file; it must be an id or nothing reaches the API, which then receives the field as written
// here, then the file as it arrives (lib/uploads/stream-upload.ts: the web server holds its head
// only, never the file). The API converts it afterwards; its title is the file's name.

const SONG_UPLOAD: UploadKind = {
  sniffBytes: SONG_SNIFF_BYTES,
  sniff: sniffSongType,
  one: 'song',
  plural: 'songs',
  notThis: notASongMessage,
  accepted: SONG_KINDS_TEXT,
};

const playlistOf = (fields: Record<string, string>) => parseId(fields.playlist_id ?? '');

/** What the upload route does beyond every upload's checks (lib/uploads/stream-upload.ts). */
export const songUploadOptions: UploadRouteOptions<{ songId: number }> = {
  field: 'Filedata',
  label: 'song',
  kind: SONG_UPLOAD,
  checkFields: (fields) => (playlistOf(fields) === undefined ? uploadAnswer(400, 'Say which playlist the song goes into.') : undefined),
  forward: async (token, _asSent, signal, form) => ({
    songId: await addSongUpload(token, form.withFields({ playlist_id: playlistOf(form.fields) }), signal),
  }),
};

/**
 * What the compose box's song route does (POST /api/upload/compose-song): the file alone, on to
 * POST /music/compose_upload into the poster's Wall Songs (its title the file's name); it answers
 * the new song, converted afterwards.
 */
export const composeSongUploadOptions: UploadRouteOptions<ComposedSong> = {
  field: 'Filedata',
  label: 'post song',
  kind: SONG_UPLOAD,
  forward: (token, _asSent, signal, form) => uploadComposeSong(token, form.withFields({ type: 'wall' }), signal),
};

/** An upload route of songs: up to SONG_MAX_BYTES. */
const songRoute = <R extends Record<string, unknown>>(options: UploadRouteOptions<R>) =>
  uploadRoute(options, (config) => config.SONG_MAX_BYTES);

/** POST /api/upload/song: a song into one of one's playlists. */
export const songUploadRoute = () => songRoute(songUploadOptions);

/** POST /api/upload/compose-song: the compose box's song. */
export const composeSongUploadRoute = () => songRoute(composeSongUploadOptions);
