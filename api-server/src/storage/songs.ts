import crypto from 'node:crypto';
import type { FileStore } from './file-store.ts';
import { fileStore } from './images.ts';
import { mediaStore } from './videos.ts';

// Songs' files. An upload waits in the private media store (DATA_DIR/media, as videos do) and
// its conversion is kept there, sent only through GET /music/songs/{id}/file after privacy is
// checked. Songs stored before migration 020 keep their public file under /files/ (in_media 0).

/** A new name for a song's converted file: `song/<song id>/<random>.m4a` (one per conversion). */
export function newSongFileKey(songId: number): string {
  return `song/${songId}/${crypto.randomBytes(12).toString('hex')}.m4a`;
}

/** The name the upload of song `songId` waits under until it is converted. */
export function songSourceKey(songId: number): string {
  return `song/${songId}/source`;
}

/** Removes every file of an uploaded song: its upload, its converted file. */
export function deleteSongFiles(dataDir: string, songId: number): Promise<void> {
  return mediaStore(dataDir).removeAll(`song/${songId}`);
}

/** The store a song's file is in, and its type. */
export function songFile(dataDir: string, song: { file_key: string; in_media: number }): { store: FileStore; contentType: string } {
  if (song.in_media) return { store: mediaStore(dataDir), contentType: 'audio/mp4' };
  const ext = /\.([a-z0-9]+)$/.exec(song.file_key)?.[1];
  const contentType = ext === 'wav' ? 'audio/wav' : ext === 'mp3' ? 'audio/mpeg' : ext === 'ogg' ? 'audio/ogg' : 'audio/mp4';
  return { store: fileStore(dataDir), contentType };
}
