import { useId } from 'react';
import { SocialBar } from '@/components/social/social-bar';
import { Avatar } from '@/components/ui/avatar';
import { PostDate } from '@/components/ui/post-date';
import { formatDuration } from '@/lib/media-time';
import { tracksOf } from '@/lib/music/tracks';
import { routes } from '@/lib/routes';
import type { Playlist, Song } from '@/lib/social-api/music';
import { PlayButton } from './play-button';
import { PlaylistOwnerTools } from './playlist-owner-tools';
import { SongDelete } from './playlist-owner-tools';
import { SongsConverting } from './songs-converting';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a waiting or failed song is called on its owner's playlist (the API's own words come under it). */
const STATUS_LABELS: Record<Song['status'], string> = {
  to_be_processed: 'Waiting to be converted',
  being_processed: 'Converting…',
  processed: '',
  conversion_failed: 'Conversion failed',
};

/**
 * A playlist on its own page: its picture, title, owner and counts, its description (plain text),
 * "Play all" and its songs in order, each with its duration and a play button (the site's player,
 * which keeps playing while the person browses on); its owner's tools (add songs, reorder or delete them, edit,
 * delete); the social layer.
 */
export function PlaylistPage({ playlist: p, maxBytes }: { playlist: Playlist; maxBytes: number }) {
  const id = useId();
  const tracks = tracksOf(p.songs, p.owner.name);
  const waiting = p.songs.some((s) => s.status === 'to_be_processed' || s.status === 'being_processed');
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-4xl">
      <header className="flex flex-wrap items-start gap-5">
        {p.thumb ? (
          <img src={p.thumb} alt="" width={160} height={160} className="size-40 rounded-xl bg-slate-200 object-cover dark:bg-slate-800" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-40 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-100 to-sky-100 text-6xl text-indigo-700 dark:from-indigo-950 dark:to-slate-800 dark:text-indigo-300"
          >
            ♫
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">Playlist</p>
          <h1 id={`${id}-title`} className="mt-1 text-2xl font-bold tracking-tight">
            {p.title}
          </h1>
          <div className="mt-3 flex items-center gap-3">
            <Avatar person={p.owner} />
            <p className="text-sm">
              <a href={routes.user(p.owner.id)} className="name">
                {p.owner.name}
              </a>
              <span className="muted block">
                {p.createdAt ? <PostDate ms={p.createdAt} /> : null}
                {` · ${count(p.songCount, 'song', 'songs')} · ${count(p.playCount, 'play', 'plays')} · ${count(p.views, 'view', 'views')}`}
              </span>
            </p>
          </div>
          <PlayButton tracks={tracks} label={`Play all of “${p.title}”`} className="btn btn-primary mt-4">
            <span aria-hidden="true">▶ </span>Play all
          </PlayButton>
        </div>
      </header>
      {p.description ? <p className="mt-4 whitespace-pre-line">{p.description}</p> : null}

      <h2 className="mt-8 text-lg font-semibold">Songs</h2>
      {p.songs.length ? (
        <ol
          aria-label={`Songs of “${p.title}”`}
          className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {p.songs.map((s, i) => {
            const at = tracks.findIndex((t) => t.id === s.id);
            return (
              <li key={s.id} className="flex items-center gap-3 px-3 py-2" data-song-id={s.id}>
                <span className="muted w-6 text-right tabular-nums">{i + 1}</span>
                {at >= 0 ? (
                  <PlayButton tracks={tracks} start={at} label={`Play “${s.title}”`} className="btn-ghost">
                    <span aria-hidden="true">▶</span>
                  </PlayButton>
                ) : (
                  <span className="inline-block w-9" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{s.title}</span>
                  {s.status !== 'processed' ? (
                    <span className={s.status === 'conversion_failed' ? 'error-text block text-sm' : 'muted block text-sm'}>
                      <strong>{STATUS_LABELS[s.status]}</strong>
                      {s.statusMessage ? ` · ${s.statusMessage}` : ''}
                    </span>
                  ) : null}
                </span>
                <span className="muted text-sm tabular-nums">
                  {s.duration !== null ? (
                    <>
                      <span className="sr-only">Duration </span>
                      {formatDuration(s.duration)}
                    </>
                  ) : null}
                </span>
                {s.canDelete ? <SongDelete id={s.id} title={s.title} /> : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted mt-2">{p.canEdit ? 'No songs yet: add some below.' : 'No songs yet.'}</p>
      )}
      {waiting ? <SongsConverting /> : null}

      {p.canEdit || p.canDelete ? (
        <PlaylistOwnerTools
          id={p.id}
          title={p.title}
          canEdit={p.canEdit}
          canDelete={p.canDelete}
          songs={p.songs.map((s) => ({ id: s.id, title: s.title, duration: s.duration }))}
          maxBytes={maxBytes}
        />
      ) : null}
      <div className="mt-6">
        <SocialBar social={p.social} ownerId={p.owner.id} label={`“${p.title}” by ${p.owner.name}`} what="this playlist" />
      </div>
    </article>
  );
}
