// How any page asks the site's music player (components/music/player-host.tsx, in the site's
// frame) to play: an event on the window, so that a play button carries no code of the player,
// which loads only when something is first played. No imports: it runs in the browser.

/** A song as the player plays it. */
export interface Track {
  id: number;
  title: string;
  /** Who it is by (its owner's name). */
  by: string;
  /** Where the audio element reads it: the BFF's file route, or a public file. */
  src: string;
  /** Seconds; null while not known. */
  duration: number | null;
}

/** What a play button asks: these songs, from the one at `start`. */
export interface PlayRequest {
  tracks: Track[];
  start: number;
}

export const PLAY_EVENT = 'site-music:play';

/** Plays `tracks` from `start` in the site's player (replacing what it was playing). */
export function playTracks(tracks: Track[], start = 0): void {
  if (!tracks.length) return;
  window.dispatchEvent(new CustomEvent<PlayRequest>(PLAY_EVENT, { detail: { tracks, start } }));
}
