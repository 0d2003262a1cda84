'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { formatMoment } from '@/lib/media-time';
import { routes } from '@/lib/routes';
import { playerBox } from '@/lib/videos/players';
import { chooseVideoPoster } from './actions';

const PosterPhotoDialog = dynamic(() => import('./poster-photo-dialog'));

export type PosterChooserProps = {
  id: number;
  title: string;
  /** The poster now ('' when the conversion made none). */
  poster: string;
  width: number | null;
  height: number | null;
  /** An upload's poster may be one of its frames; a link's only one of one's photos (its frames are its provider's). */
  frames: boolean;
};

/**
 * The poster of one's video, chosen as video sites let one choose a thumbnail: for an upload, play
 * or move the player to a moment, then use that frame (the API takes it from the converted file:
 * POST /videos/{id}/thumb); for any video, one of one's photos (a dialog, loaded when opened). The
 * new poster shows at once.
 */
export function PosterChooser({ id, title, poster: initial, width, height, frames }: PosterChooserProps) {
  const announce = useAnnounce();
  const state = useAction();
  const player = useRef<HTMLVideoElement>(null);
  const [poster, setPoster] = useState(initial);
  const [at, setAt] = useState(0);
  const [picking, setPicking] = useState(false);
  const box = playerBox({ width, height }, '16rem');

  const choose = async () => {
    const time = player.current?.currentTime ?? at;
    const res = await state.run(() => chooseVideoPoster({ id, time }));
    if (res.ok) {
      setPoster(res.data.poster);
      announce(`${res.message} (${formatMoment(time)})`);
    }
  };

  return (
    <section aria-labelledby="poster-heading" className="card mt-8 p-6">
      <h2 id="poster-heading" className="text-lg font-semibold">
        Poster
      </h2>
      <p className="muted mt-1 text-sm">
        The picture shown before the video plays, in lists and in posts.
        {frames ? ' Move the player to the moment you want, then use that frame, or use one of your photos.' : ' Use one of your photos.'}
      </p>
      <div className={frames ? 'mt-4 grid gap-4 sm:grid-cols-2' : 'mt-4 max-w-xs'}>
        <figure>
          {poster ? (
            <img
              src={poster}
              alt={`The poster of ${title} now`}
              width={width ?? 16}
              height={height ?? 9}
              style={box}
              className="w-full rounded-xl object-contain"
            />
          ) : (
            <div style={box} className="flex w-full items-center justify-center rounded-xl bg-slate-200 text-sm dark:bg-slate-800">
              No poster yet
            </div>
          )}
          <figcaption className="muted mt-1 text-sm">The poster now</figcaption>
        </figure>
        {frames ? (
          <figure>
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the API keeps no captions (docs/api.md, "Videos"); the player here only picks a frame */}
            <video
              ref={player}
              controls
              preload="metadata"
              width={width ?? 16}
              height={height ?? 9}
              style={box}
              className="block h-auto w-full rounded-xl bg-black"
              src={routes.videoFile(id)}
              onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
              onSeeked={(e) => setAt(e.currentTarget.currentTime)}
              aria-label={`${title}: move to the frame to use`}
            />
            <figcaption className="muted mt-1 text-sm">The video</figcaption>
          </figure>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {frames ? (
          <button type="button" className="btn btn-primary" disabled={state.pending} onClick={() => void choose()}>
            {state.pending ? 'Saving…' : `Use the frame at ${formatMoment(at)}`}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" disabled={state.pending} onClick={() => setPicking(true)}>
          Use one of your photos…
        </button>
      </div>
      {picking ? (
        <PosterPhotoDialog
          videoId={id}
          onClose={() => setPicking(false)}
          onChosen={(chosen, message) => {
            setPicking(false);
            setPoster(chosen);
            announce(message);
          }}
        />
      ) : null}
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mt-2" />
    </section>
  );
}
