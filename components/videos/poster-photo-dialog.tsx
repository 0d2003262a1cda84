'use client';

import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Link } from '@/components/ui/link';
import { SquareThumb } from '@/components/ui/square-thumb';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import type { PhotoThumb } from '@/lib/social-api/albums';
import type { PosterPhotosInput } from '@/lib/validations/video';
import type { PosterPhotoChoices } from '@/lib/videos/poster-photos';
import { chooseVideoPoster, posterPhotos } from './actions';

type Shown = { albumId: number | null; photos: PhotoThumb[]; page: number; more: boolean };

const photosOf = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * "Use one of your photos" for a video's poster: one's albums (the API lists photos album by
 * album), a page of the chosen one's photos at a time, and a press on a photo makes a copy of it
 * the poster (POST /videos/{id}/thumb, photo_id). Loaded when opened.
 */
export default function PosterPhotoDialog({
  videoId,
  onChosen,
  onClose,
}: {
  videoId: number;
  onChosen: (poster: string, message: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [albums, setAlbums] = useState<NonNullable<PosterPhotoChoices['albums']> | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const reading = useAction();
  const choosing = useAction();
  const busy = reading.pending || choosing.pending;
  const problem = choosing.problem ?? reading.problem;

  /** The page asked for: the first reading names no album (the API's first album holding photos). */
  const [want, setWant] = useState<PosterPhotosInput>({ page: 1 });
  const run = reading.run;
  useEffect(() => {
    let live = true;
    void run(() => posterPhotos(want)).then((res) => {
      if (!live || !res.ok) return;
      const { albums: mine, albumId, photos, more } = res.data;
      if (mine) setAlbums(mine);
      setShown((prev) => ({ albumId, photos: [...(want.page > 1 ? (prev?.photos ?? []) : []), ...photos], page: want.page, more }));
    });
    return () => {
      live = false;
    };
  }, [want, run]);

  const choose = async (photoId: number) => {
    const res = await choosing.run(() => chooseVideoPoster({ id: videoId, photoId }));
    if (res.ok) onChosen(res.data.poster, res.message);
  };

  const none = albums !== null && albums.length === 0;
  return (
    <Dialog
      open
      onClose={onClose}
      title="Use one of your photos"
      description="A copy of the photo becomes the poster; the photo stays in its album."
    >
      <div className="space-y-4">
        {none ? (
          <p className="text-sm">
            You have no photos yet.{' '}
            <Link href={routes.addPhotos()} className="link">
              Add photos
            </Link>
          </p>
        ) : null}
        {albums && albums.length > 0 && shown?.albumId ? (
          <div>
            <label htmlFor={`${id}-album`} className="text-sm font-medium">
              Album
            </label>
            <select
              id={`${id}-album`}
              className="field mt-1"
              value={shown.albumId}
              disabled={busy}
              onChange={(e) => setWant({ albumId: Number(e.target.value), page: 1 })}
            >
              {albums.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} ({photosOf(a.photoCount)})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {shown && shown.photos.length > 0 ? (
          <ul className="grid max-h-80 grid-cols-4 gap-2 overflow-y-auto p-1" aria-label="Your photos" aria-busy={reading.pending}>
            {shown.photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Use ${p.alt ? `“${p.alt}”` : `photo ${i + 1}`}`}
                  onClick={() => void choose(p.id)}
                  className="block w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
                >
                  <SquareThumb src={p.thumb} size={120} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {reading.pending || (!shown && !problem) ? (
          <p className="muted text-sm" role="status">
            Loading your photos…
          </p>
        ) : null}
        {choosing.pending ? (
          <p className="muted text-sm" role="status">
            Saving the poster…
          </p>
        ) : null}
        {shown?.more && shown.albumId ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => setWant({ albumId: shown.albumId!, page: shown.page + 1 })}
          >
            More photos
          </button>
        ) : null}
        <FormError message={problem?.message} signedOut={problem?.signedOut} />
        <div className="flex justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
