import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { getPlaylist, type PlaylistRow } from '../../data/music.ts';
import { getSong, listPlaylistSongs, type SongRow } from '../../data/songs.ts';
import { formatDate } from '../../domain/format.ts';
import { presentItemParts, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { getOwnerSummaries, missingOwner, type OwnerSummary } from '../../domain/owners.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { canSeeSong, songSrc } from '../../domain/songs.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../http/fields.ts';
import { imageUrl } from '../../storage/images.ts';

/** The origin's fields of a playlist (Helper/Music/Playlist.php: its listing and detail are the same). */
const PLAYLIST_FIELDS = [
  'id',
  'title',
  'description',
  'owner',
  'date',
  'creation_date',
  'can_edit',
  'can_delete',
  'total_like',
  'total_comment',
  'total_view',
  'thumb',
  'songs',
] as const;
/**
 * Extensions (docs/api.md, "Music"), given when named in `fields`: the picture and its size, the
 * plays and songs counted, the owner's settings, and the social fields an activity has.
 */
export const PLAYLIST_ALLOWED = [
  ...PLAYLIST_FIELDS,
  'img',
  'img_width',
  'img_height',
  'play_count',
  'total_song',
  'allow_search',
  'auth_view',
  'auth_comment',
  ...SOCIAL_FIELDS,
] as const;
export type PlaylistField = (typeof PLAYLIST_ALLOWED)[number];
export const PLAYLIST_DEFAULTS = [...PLAYLIST_FIELDS, 'play_count', 'total_song'] as const;

/** The origin's words for a song's conversion state. */
const STATUS_MESSAGES = {
  to_be_processed: 'Your song is in queue to be processed.',
  being_processed: 'Your song is being processed.',
  processed: '',
  conversion_failed: 'Song conversion failed. Please try uploading again.',
} as const;

export const isOwner = (viewer: Viewer, row: { owner_id: number }): boolean => viewer.userId !== null && viewer.userId === row.owner_id;

/** The playlist when the reader may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisiblePlaylist(db: DB, viewer: Viewer, id: number): Promise<PlaylistRow> {
  const row = await getPlaylist(db, id);
  if (!row || !(await allows(viewer, row.auth_view, row.owner_id))) throw notFound('The playlist was not found or you may not see it.');
  return row;
}

/** The song when the reader may see it (domain/songs.ts); 404 otherwise. */
export async function getVisibleSong(db: DB, viewer: Viewer, id: number): Promise<SongRow> {
  const row = await getSong(db, id);
  if (!row || !(await canSeeSong(viewer, row))) throw notFound('The song was not found or you may not see it.');
  return row;
}

/**
 * A song as the origin's PlaylistSong (`id`, `title`, `song_url`, `play_count`) with the
 * extensions `src` (the same address), `duration` (seconds, null while not known), `owner`, the
 * playlist it is in, its conversion state and what the reader may do.
 */
function presentSong(config: Config, viewer: Viewer, owner: OwnerSummary, s: SongRow) {
  const src = songSrc(config, s);
  const mine = isOwner(viewer, s);
  return {
    id: s.id,
    title: s.title,
    song_url: src,
    src,
    duration: s.duration,
    play_count: s.play_count,
    owner,
    playlist_id: s.playlist_id,
    status: s.status,
    status_message: s.status === 'conversion_failed' && s.status_reason ? s.status_reason : STATUS_MESSAGES[s.status],
    can_edit: mine,
    can_delete: mine,
  };
}

export async function presentOneSong(db: DB, config: Config, viewer: Viewer, s: SongRow) {
  const owners = await getOwnerSummaries(db, config, [s.owner_id]);
  return presentSong(config, viewer, owners.get(s.owner_id) ?? missingOwner(config, s.owner_id), s);
}

/** Playlists (already known to be visible to the reader), in a fixed number of queries. */
export async function presentPlaylists(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly PlaylistRow[],
  fields: readonly PlaylistField[],
): Promise<Array<Partial<Record<PlaylistField, unknown>>>> {
  const withOwner = fields.includes('songs') && !fields.includes('owner') ? [...fields, 'owner'] : fields;
  const [parts, songs] = await Promise.all([
    presentItemParts(
      db,
      config,
      viewer,
      'music_playlist',
      rows.map((r) => ({ ...r, category_id: null })),
      withOwner,
    ),
    fields.includes('songs')
      ? listPlaylistSongs(
          db,
          rows.map((r) => r.id),
          true,
        )
      : [],
  ]);
  return rows.map((r) => {
    const mine = isOwner(viewer, r);
    const owner = parts.owner(r);
    const social = parts.social(r) ?? {};
    const playlist: Partial<Record<PlaylistField, unknown>> = {
      id: r.id,
      title: r.title,
      description: r.description,
      owner,
      date: formatDate(r.created_at),
      creation_date: formatDate(r.created_at),
      can_edit: mine,
      can_delete: mine,
      total_view: r.view_count,
      thumb: r.image_key ? imageUrl(config.publicUrl, r.image_key, '240') : '',
      // Its songs in order: the converted ones, and its owner's still converting or failed too.
      songs: songs
        .filter((s) => s.playlist_id === r.id && (mine || s.status === 'processed'))
        .map((s) => presentSong(config, viewer, owner, s)),
      img: r.image_key ? imageUrl(config.publicUrl, r.image_key, '1024') : '',
      img_width: r.image_width,
      img_height: r.image_height,
      play_count: r.play_count,
      total_song: r.song_count,
      // The settings an edit form shows are told to the owner alone (absent for anyone else).
      ...(mine ? { allow_search: r.allow_search, auth_view: r.auth_view, auth_comment: r.auth_comment } : {}),
      ...social,
    };
    return pick(playlist, fields);
  });
}
