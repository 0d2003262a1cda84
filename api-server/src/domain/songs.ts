import type { Config } from '../config.ts';
import type { Privacy } from '../db/types.ts';
import { allows, type Viewer } from './privacy.ts';

// Who may see a song (and so play its file, attach it to a post, find it in the legacy
// musicsharing list): its owner always; anyone else only a converted song, by the privacy of the
// playlist it is in; a song in no playlist is its owner's alone, but for those stored before
// migration 020 (in_media 0), which were public and stay so. data/songs.ts `songVisibleTo` is the
// SQL form.

export interface SongPrivacy {
  owner_id: number;
  status: string;
  in_media: number;
  playlist_view: Privacy | null;
}

export function canSeeSong(viewer: Viewer, song: SongPrivacy): Promise<boolean> {
  if (viewer.userId !== null && viewer.userId === song.owner_id) return Promise.resolve(true);
  if (song.status !== 'processed') return Promise.resolve(false);
  if (song.playlist_view === null) return Promise.resolve(song.in_media === 0);
  return allows(viewer, song.playlist_view, song.owner_id);
}

/** The address a song is played from ('' until it is converted): GET /music/songs/{id}/file. */
export function songSrc(config: Config, song: { id: number; status: string; file_key: string }): string {
  return song.status === 'processed' && song.file_key ? `${config.publicUrl}/api/v1/music/songs/${song.id}/file` : '';
}
