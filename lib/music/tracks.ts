import { routes } from '../routes.ts';
import type { Song } from '../social-api/music.ts';
import type { Track } from './player-bus.ts';

/** Where the player reads a song: a converted upload through the BFF's file route, a public file as it is; undefined when it cannot play yet. */
export function songSrc(id: number, source: Song['source']): string | undefined {
  if (!source) return undefined;
  return source.kind === 'upload' ? routes.songFile(id) : source.url;
}

/** A playlist's songs that can play, as the site's player takes them. */
export function tracksOf(songs: readonly Song[], by: string): Track[] {
  return songs.flatMap((s) => {
    const src = songSrc(s.id, s.source);
    return src ? [{ id: s.id, title: s.title, by, src, duration: s.duration }] : [];
  });
}
