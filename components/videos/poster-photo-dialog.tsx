'use client';

import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Link } from '@/components/ui/link';
import { SquareThumb } from '@/components/ui/square-thumb';
import { callAction, type ActionResult } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { PhotoThumb } from '@/lib/social-api/albums';
import type { PosterPhotoChoices } from '@/lib/videos/poster-photos';
import { chooseVideoPoster, posterPhotos } from './actions';

type Problem = { message: string; signedOut?: boolean };
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
  const [reading, setReading] = useState(true);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const show = (res: ActionResult<PosterPhotoChoices>, page: number, keep: PhotoThumb[]) => {
    setReading(false);
    if (!res.ok) return setProblem({ message: res.message, signedOut: res.signedOut });
    const { albums: mine, albumId, photos, more } = res.data;
    if (mine) setAlbums(mine);
    setShown({ albumId, photos: [...keep, ...photos], page, more });
  };

  const read = async (input: { albumId: number; page: number }, keep: PhotoThumb[]) => {
    setReading(true);
    setProblem(null);
    show(await callAction(() => posterPhotos(input)), input.page, keep);
  };

  // The albums and the first one's photos, once, when the dialog opens.
  useEffect(() => {
    void callAction(() => posterPhotos({ page: 1 })).then((res) => show(res, 1, []));
  }, []);

  const choose = async (photoId: number) => {
    setChoosing(photoId);
    setProblem(null);
    const res: ActionResult<{ poster: string }> = await callAction(() => chooseVideoPoster({ id: videoId, photoId }));
    setChoosing(null);
    if (!res.ok) return setProblem({ message: res.message, signedOut: res.signedOut });
    onChosen(res.data.poster, res.message);
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
              disabled={reading || choosing !== null}
              onChange={(e) => void read({ albumId: Number(e.target.value), page: 1 }, [])}
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
          <ul className="grid max-h-80 grid-cols-4 gap-2 overflow-y-auto p-1" aria-label="Your photos" aria-busy={reading}>
            {shown.photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  disabled={choosing !== null}
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
        {reading ? (
          <p className="muted text-sm" role="status">
            Loading your photos…
          </p>
        ) : null}
        {choosing !== null ? (
          <p className="muted text-sm" role="status">
            Saving the poster…
          </p>
        ) : null}
        {shown?.more && shown.albumId ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={reading || choosing !== null}
            onClick={() => void read({ albumId: shown.albumId!, page: shown.page + 1 }, shown.photos)}
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
