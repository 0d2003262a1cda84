import { formatDuration } from '@/lib/media-time';
import { songSrc } from '@/lib/music/tracks';
import type { Attachment } from '@/lib/social-api/activities';
import { PlayButton } from './play-button';

type SongAttachment = Extract<Attachment, { kind: 'song' }>;

/**
 * A song shared in a post: its title, its duration, and a play button that plays it in the site's
 * player (which keeps playing while the person reads on). A song not yet converted says so, and
 * one whose conversion failed says that.
 */
export function SongCard({ song }: { song: SongAttachment }) {
  const src = songSrc(song.id, song.source);
  const duration = formatDuration(song.duration);
  return (
    <div className="attachment items-center pl-3" data-song-card="">
      {src ? (
        <PlayButton
          tracks={[{ id: song.id, title: song.title, by: '', src, duration: song.duration }]}
          label={`Play “${song.title}”`}
          className="btn btn-primary size-11 shrink-0 rounded-full p-0"
        >
          <span aria-hidden="true">▶</span>
        </PlayButton>
      ) : (
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xl dark:bg-slate-800"
        >
          ♫
        </span>
      )}
      <span className="attachment-text">
        <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">Song</span>
        <span className="truncate font-medium">{song.title}</span>
        <span className="muted text-sm tabular-nums">
          {src ? (
            duration ? (
              <>
                <span className="sr-only">Duration </span>
                {duration}
              </>
            ) : null
          ) : song.status === 'conversion_failed' ? (
            // Its owner alone sees a song not converted: theirs failed (GET /music/songs/{id} says why).
            'Could not be converted'
          ) : (
            'Not ready to play yet'
          )}
        </span>
      </span>
    </div>
  );
}
