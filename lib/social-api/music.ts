import { z } from 'zod';
import type { UploadStream } from './albums.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { parseApiDate, socialOf, type Social } from './core.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { getWithFields, SOCIAL_FIELD_NAMES, visitQuery, type DetailRead } from './fields.ts';
import { fetchMediaFile } from './media-file.ts';
import { flag, id, lenientArray, num, optionList, ownerSettingsOf, ownerSettingsShape, str } from './primitives.ts';
import { messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Music (the origin's module, scope `music`: docs/api.md, "Music"), an extension of the document:
// playlists of songs, uploaded and converted by the API. A server without it answers its routes as
// a missing extension (isMissingExtension), and every reader here says so (undefined) rather than
// failing the page.

export const SONG_STATUSES = ['to_be_processed', 'being_processed', 'processed', 'conversion_failed'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

/**
 * Where a song plays from: its converted file here (through the BFF: the API sends it to a Bearer
 * token the browser never holds), a public file (a song stored before the module), or nowhere yet.
 */
export type SongSource = { kind: 'upload' } | { kind: 'public'; url: string } | null;

/** A song of a playlist. */
export interface Song {
  id: number;
  title: string;
  /** Seconds; null while not known. */
  duration: number | null;
  playCount: number;
  status: SongStatus;
  /** Why it waits, or why its conversion failed ('' when processed). */
  statusMessage: string;
  source: SongSource;
  canEdit: boolean;
  canDelete: boolean;
}

/** A playlist in a list. */
export interface PlaylistCard {
  id: number;
  title: string;
  /** Plain text as typed. */
  description: string;
  owner: Who;
  /** The 240 px picture ('' for none). */
  thumb: string;
  songCount: number;
  playCount: number;
  views: number;
  createdAt: number;
}

/** What the owner chose (the edit form's settings); the owner alone is told them. */
export interface PlaylistSettings {
  authView: string;
  authComment: string;
  searchable: boolean;
}

/** A playlist on its own page: its songs in order, with its likes and comments. */
export interface Playlist extends PlaylistCard {
  songs: Song[];
  canEdit: boolean;
  canDelete: boolean;
  settings?: PlaylistSettings;
  social: Social;
}

/** The filters of a list of playlists (GET /music, /music/my). */
export interface PlaylistFilters {
  keywords?: string;
  /** Newest first (recent, the default) or most played first. */
  sort?: 'recent' | 'popular';
  /** One member's playlists (not on one's own list). */
  userId?: number;
  page?: number;
  limit?: number;
}

const LIST_FIELDS = 'id,title,description,owner,date,thumb,total_song,play_count,total_view';
const EDIT_FIELDS = `${LIST_FIELDS},songs,can_edit,can_delete,allow_search,auth_view,auth_comment`;
const DETAIL_FIELDS = `${EDIT_FIELDS},${SOCIAL_FIELD_NAMES}`;

const songSchema = z.looseObject({
  id,
  title: str,
  src: str,
  song_url: str,
  duration: z.number().nonnegative().nullable().catch(null).default(null),
  play_count: num,
  status: z.enum(SONG_STATUSES).catch('processed'),
  status_message: str,
  can_edit: flag,
  can_delete: flag,
});

const playlistSchema = z.looseObject({
  id,
  title: str,
  description: str,
  owner: ownerSchema.optional(),
  date: str,
  thumb: str,
  total_song: num,
  play_count: num,
  total_view: num,
});

const playlistDetailSchema = playlistSchema.extend({
  songs: lenientArray(songSchema),
  can_edit: flag,
  can_delete: flag,
  ...ownerSettingsShape,
});

/** A converted upload's file is the API's GET /music/songs/{id}/file; any other address is a public file. */
const UPLOAD_FILE = /\/music\/songs\/\d+\/file(?:[?#]|$)/;

/** Where a song the API gives by its address (`src`) plays from; null when it has none yet. */
export function songSourceOf(raw: string): SongSource {
  const src = safeImageUrl(raw);
  if (!src) return null;
  return UPLOAD_FILE.test(src) ? { kind: 'upload' } : { kind: 'public', url: src };
}

function reshapeSong(s: z.infer<typeof songSchema>): Song {
  return {
    id: s.id,
    title: s.title.trim() || 'Untitled song',
    duration: s.duration === null ? null : Math.round(s.duration),
    playCount: s.play_count,
    status: s.status,
    statusMessage: s.status === 'processed' ? '' : s.status_message,
    source: s.status === 'processed' ? songSourceOf(s.src || s.song_url) : null,
    canEdit: s.can_edit,
    canDelete: s.can_delete,
  };
}

const owner = (o: z.infer<typeof ownerSchema> | undefined): Who => (o ? who(reshapePerson(o)) : { id: 0, name: 'Someone', image: '' });

function reshapeCard(p: z.infer<typeof playlistSchema>): PlaylistCard {
  return {
    id: p.id,
    title: p.title.trim() || 'Untitled playlist',
    description: p.description,
    owner: owner(p.owner),
    thumb: safeImageUrl(p.thumb),
    songCount: p.total_song,
    playCount: p.play_count,
    views: p.total_view,
    createdAt: parseApiDate(p.date),
  };
}

function listQuery(f: PlaylistFilters) {
  return {
    keywords: f.keywords?.trim() || undefined,
    sort: f.sort,
    user_id: f.userId,
    page: f.page ?? 1,
    limit: f.limit ?? 12,
    fields: LIST_FIELDS,
  };
}

const listSchema = lenientArray(playlistSchema);

/** Playlists the reader may see; undefined from a server without music. One member's (`userId`) who is not there is the API's 404. */
export async function listPlaylists(token: string, filters: PlaylistFilters = {}): Promise<PlaylistCard[] | undefined> {
  try {
    return listSchema.parse(await apiFetch(apiConfig(), '/music', { token, query: listQuery(filters) })).map(reshapeCard);
  } catch (e) {
    if (isMissingExtension(e) && !(filters.userId !== undefined && isApiError(e, 404))) return undefined;
    throw e;
  }
}

/** The reader's own playlists, whatever their privacy; undefined from a server without music. */
export async function listMyPlaylists(token: string, filters: Omit<PlaylistFilters, 'userId'> = {}): Promise<PlaylistCard[] | undefined> {
  const { user_id: _, ...query } = listQuery(filters);
  try {
    return listSchema.parse(await apiFetch(apiConfig(), '/music/my', { token, query })).map(reshapeCard);
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

type ApiPlaylist = z.infer<typeof playlistDetailSchema>;

async function getDetail(token: string, id: number, fields: string, read?: DetailRead): Promise<ApiPlaylist | undefined> {
  try {
    // A server that refuses the social fields' names is asked again without them (socialOf then reads them from /core).
    return playlistDetailSchema.parse(await getWithFields(token, `/music/${id}`, visitQuery(read), fields, EDIT_FIELDS));
  } catch (e) {
    if (isApiError(e, 404) || isMissingExtension(e)) return undefined;
    throw e;
  }
}

function reshapeDetail(raw: ApiPlaylist): Omit<Playlist, 'social'> {
  return {
    ...reshapeCard(raw),
    songs: raw.songs.map(reshapeSong),
    canEdit: raw.can_edit,
    canDelete: raw.can_delete,
    settings: ownerSettingsOf(raw),
  };
}

/** A playlist on its own page, its songs in order, with its likes and comments; undefined when it is not there or not the reader's to see. */
export async function getPlaylist(token: string, id: number, viewerId: number, read?: DetailRead): Promise<Playlist | undefined> {
  const raw = await getDetail(token, id, DETAIL_FIELDS, read);
  if (!raw) return undefined;
  const social = await socialOf(token, { type: 'music_playlist', id: raw.id }, raw, viewerId, { share: true });
  return { ...reshapeDetail(raw), social };
}

/** A playlist as its edit form and its owner's tools need it (no likes, no comments); undefined when it is not there. */
export async function getPlaylistForEditing(token: string, id: number): Promise<Omit<Playlist, 'social'> | undefined> {
  const raw = await getDetail(token, id, EDIT_FIELDS, { visit: false });
  return raw && reshapeDetail(raw);
}

/** A playlist's settings as a form gives them. */
export interface PlaylistSettingsInput {
  title: string;
  description: string;
  authView: string;
  authComment: string;
  searchable: boolean;
}

function settingsForm(s: PlaylistSettingsInput): Record<string, string | number> {
  return {
    title: s.title,
    description: s.description,
    allow_search: s.searchable ? 1 : 0,
    auth_view: s.authView,
    auth_comment: s.authComment,
  };
}

/** Creates an empty playlist; answers its id. */
export async function createPlaylist(token: string, s: PlaylistSettingsInput): Promise<number> {
  const data = await apiFetch(apiConfig(), '/music', { token, form: settingsForm(s) });
  return z.looseObject({ id }).parse(data).id;
}

export async function updatePlaylist(token: string, id: number, s: PlaylistSettingsInput): Promise<void> {
  await apiFetch(apiConfig(), `/music/${id}`, { token, form: settingsForm(s) });
}

/** Deletes a playlist with its songs; answers the API's message. */
export async function deletePlaylist(token: string, id: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/music/${id}`, { method: 'DELETE', token })).message;
}

/** Puts every song of one's playlist in this order (POST /music/{id}/order). */
export async function reorderPlaylist(token: string, id: number, songIds: readonly number[]): Promise<void> {
  await apiFetch(apiConfig(), `/music/${id}/order`, { token, form: { song_ids: songIds.join(',') } });
}

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Streams an upload (`playlist_id`, then its `Filedata` part) to POST /music/add_song; answers the new song's id. */
export async function addSongUpload(token: string, upload: UploadStream, signal?: AbortSignal): Promise<number> {
  const data = await apiFetch(apiConfig(), '/music/add_song', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
  return z.looseObject({ song_id: id }).parse(data).song_id;
}

/** A song uploaded for a post (POST /music/compose_upload), in its owner's Wall Songs until posted. */
export type ComposedSong = {
  id: number;
  title: string;
};

/** Streams the compose box's song (its `Filedata` part, `type=wall`) to POST /music/compose_upload; answers the new song. */
export async function uploadComposeSong(token: string, upload: UploadStream, signal?: AbortSignal): Promise<ComposedSong> {
  const data = await apiFetch(apiConfig(), '/music/compose_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
  const song = z.looseObject({ song_id: id, song_title: str }).parse(data);
  return { id: song.song_id, title: song.song_title.trim() || 'Untitled song' };
}

/** One song the reader may see (GET /music/songs/{id}): its state while it converts. */
export async function getSong(token: string, id: number): Promise<Song> {
  return reshapeSong(songSchema.parse(await apiFetch(apiConfig(), `/music/songs/${id}`, { token })));
}

export async function deleteSong(token: string, id: number): Promise<void> {
  await apiFetch(apiConfig(), `/music/songs/${id}`, { method: 'DELETE', token });
}

/** Counts one play of a song; answers its plays. */
export async function countSongPlay(token: string, id: number): Promise<number> {
  const data = await apiFetch(apiConfig(), `/music/songs/${id}/play`, { token, method: 'POST' });
  return z.looseObject({ play_count: num }).parse(data).play_count;
}

/** The privacy choices of a playlist's form. */
export interface MusicChoices {
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
}

/** The choices; undefined from a server without music. */
export async function getMusicChoices(token: string): Promise<MusicChoices | undefined> {
  try {
    const [view, comment] = await Promise.all([
      apiFetch(apiConfig(), '/music/view_options', { token }).then(optionList),
      apiFetch(apiConfig(), '/music/comment_options', { token }).then(optionList),
    ]);
    return { view, comment };
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

/** A converted song's file (GET /music/songs/{id}/file) as the API answers it, the body unread (lib/social-api/media-file.ts). */
export function fetchSongFile(token: string, id: number, request: Headers, signal: AbortSignal): Promise<Response> {
  return fetchMediaFile(token, `/music/songs/${id}/file`, request, signal);
}
