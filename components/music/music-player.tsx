'use client';

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLatest } from '@/components/ui/use-latest';
import { formatDuration } from '@/lib/media-time';
import type { PlayRequest } from '@/lib/music/player-bus';
import { countPlayAction } from './actions';

// The site's music player: one <audio> in the site's frame (loaded by components/music/player-host.tsx
// the first time something is played), so that a song keeps playing while the person browses other
// pages. Play and pause, previous and next in the queue it was given, seek and volume are native
// buttons and sliders (keyboard operable, named for screen readers); the song that starts playing
// is announced in a polite live region. The browser's media keys and lock screen drive it too
// (Media Session). Each song that starts counts one play (POST /music/songs/{id}/play).

/** Past this many seconds into a song, Previous starts it again rather than going back. */
const RESTART_AFTER = 3;

export function MusicPlayer({ request }: { request: PlayRequest }) {
  const audio = useRef<HTMLAudioElement>(null);
  // A new request (a play button pressed) replaces the queue and starts again, even the same song.
  const [adopted, setAdopted] = useState(request);
  const [queue, setQueue] = useState(request.tracks);
  const [index, setIndex] = useState(request.start);
  const [starts, setStarts] = useState(0);
  const [open, setOpen] = useState(true);
  if (request !== adopted) {
    setAdopted(request);
    setQueue(request.tracks);
    setIndex(Math.min(Math.max(request.start, 0), request.tracks.length - 1));
    setStarts((n) => n + 1);
    setOpen(true);
  }
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(0);
  const [volume, setVolume] = useState(100);
  const track = queue[index];

  // A song starts: its file into the audio element, played, and its play counted.
  useEffect(() => {
    const a = audio.current;
    if (!a || !track) return;
    a.src = track.src;
    a.play().catch(() => {
      // The browser refused to start (no gesture yet): the Play button is there.
    });
    void countPlayAction({ id: track.id }).catch(() => {});
  }, [track, starts]);

  const go = (to: number) => {
    if (to < 0 || to >= queue.length) return;
    setIndex(to);
    setStarts((n) => n + 1);
  };
  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => {});
    else a.pause();
  };
  const previous = () => {
    const a = audio.current;
    if (a && (a.currentTime > RESTART_AFTER || index === 0)) a.currentTime = 0;
    else go(index - 1);
  };
  const next = () => go(index + 1);
  const close = () => {
    audio.current?.pause();
    setOpen(false);
  };

  // The browser's own controls (media keys, the lock screen, the tab's media hub).
  const handlers = useLatest({ toggle, previous, next });
  useEffect(() => {
    if (!('mediaSession' in navigator) || !track) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: track.title, artist: track.by });
    const set = (action: MediaSessionAction, run: () => void) => {
      try {
        navigator.mediaSession.setActionHandler(action, run);
      } catch {
        // An action this browser does not know.
      }
    };
    set('play', () => handlers.current.toggle());
    set('pause', () => handlers.current.toggle());
    set('previoustrack', () => handlers.current.previous());
    set('nexttrack', () => handlers.current.next());
  }, [track, handlers]);

  const onTime = (e: SyntheticEvent<HTMLAudioElement>) => setTime(e.currentTarget.currentTime);
  const onLength = (e: SyntheticEvent<HTMLAudioElement>) => {
    const d = e.currentTarget.duration;
    setLength(Number.isFinite(d) ? d : (track?.duration ?? 0));
  };
  const seek = (to: number) => {
    const a = audio.current;
    if (a) a.currentTime = to;
    setTime(to);
  };
  const changeVolume = (to: number) => {
    const a = audio.current;
    if (a) a.volume = to / 100;
    setVolume(to);
  };

  const total = length || track?.duration || 0;
  return (
    <section
      id="site-music-player"
      aria-label="Music player"
      hidden={!open || !track}
      className="sticky bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-2px_8px_rgb(0_0_0/0.06)] backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- music: the site keeps no captions or words for songs (the title, announced, is its label) */}
      <audio
        ref={audio}
        preload="metadata"
        data-music-audio=""
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => (index + 1 < queue.length ? next() : setPlaying(false))}
        onTimeUpdate={onTime}
        onLoadedMetadata={onLength}
        onDurationChange={onLength}
      />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <div className="flex items-center gap-1">
          <button type="button" className="btn-ghost" onClick={previous} aria-label="Previous song">
            <span aria-hidden="true">⏮</span>
          </button>
          <button type="button" className="btn btn-primary min-w-20" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button type="button" className="btn-ghost" onClick={next} disabled={index + 1 >= queue.length} aria-label="Next song">
            <span aria-hidden="true">⏭</span>
          </button>
        </div>
        <p className="min-w-0 flex-1 text-sm" aria-live="polite" aria-atomic="true">
          <span className="sr-only">Now playing: </span>
          <span className="block truncate font-medium" data-music-title="">
            {track?.title}
          </span>
          <span className="muted block truncate">{track?.by}</span>
        </p>
        <label className="flex min-w-48 flex-[2] items-center gap-2 text-sm tabular-nums">
          <span className="sr-only">Position in the song</span>
          <span aria-hidden="true">{formatDuration(time)}</span>
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.round(total))}
            step={1}
            value={Math.min(Math.round(time), Math.max(1, Math.round(total)))}
            aria-valuetext={`${formatDuration(time)} of ${formatDuration(total) || 'unknown'}`}
            onChange={(e) => seek(Number(e.target.value))}
            className="flex-1 accent-indigo-600"
          />
          <span aria-hidden="true">{formatDuration(total)}</span>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span>Volume</span>
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            value={volume}
            aria-valuetext={`${volume}%`}
            onChange={(e) => changeVolume(Number(e.target.value))}
            className="w-24 accent-indigo-600"
          />
        </label>
        <button type="button" className="btn-ghost" onClick={close} aria-label="Stop and close the player">
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </section>
  );
}
