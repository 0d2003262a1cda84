'use client';

import type { ReactNode } from 'react';
import { playTracks, type Track } from '@/lib/music/player-bus';

export type PlayButtonProps = {
  tracks: Track[];
  /** The song of `tracks` to start with. */
  start?: number;
  /** The button's accessible name ("Play “Road song”"). */
  label: string;
  className?: string;
  children: ReactNode;
};

/**
 * Plays songs in the site's player (lib/music/player-bus.ts): the player loads the first time,
 * and keeps playing while the person browses on. Nothing of the player's code is in this button.
 */
export function PlayButton({ tracks, start = 0, label, className, children }: PlayButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} onClick={() => playTracks(tracks, start)} disabled={!tracks.length}>
      {children}
    </button>
  );
}
