'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { typingIn } from '@/components/ui/typing-in';
import type { ListingPhoto } from '@/lib/social-api/classifieds';

/**
 * A listing's photos: the main one first and large, its caption, the others as thumbnails; the
 * arrow keys (on the gallery, or in the larger view) go to the previous and next photo. The
 * larger view is a modal <dialog> (focus stays in it, Escape closes it and focus returns).
 */
export function ListingGallery({ photos, title }: { photos: ListingPhoto[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [large, setLarge] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const n = photos.length;
  const photo = photos[index]!;
  const go = (step: number) => setIndex((i) => (i + step + n) % n);
  const onKeyDown = (e: KeyboardEvent) => {
    if (n < 2 || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typingIn(e.target)) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (large && !d.open) d.showModal();
    if (!large && d.open) d.close();
  }, [large]);

  const label = `Photo ${index + 1} of ${n}`;
  const picture = (big: boolean) => (
    <figure>
      {/* The page's frame is fixed (4:3: the arrows stay where they are from photo to photo);
          the large view takes the photo's own shape, reserved from its size when the API gives it. */}
      <img
        src={photo.img}
        alt={photo.caption || `${title}, photo ${index + 1}`}
        width={big ? photo.size?.width : undefined}
        height={big ? photo.size?.height : undefined}
        className={`mx-auto w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800 ${big ? 'max-h-[75dvh]' : 'aspect-[4/3]'}`}
      />
      <figcaption className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>{photo.caption}</span>
        {n > 1 ? <span className="muted">{label}</span> : null}
      </figcaption>
    </figure>
  );
  const arrows =
    n > 1 ? (
      <div className="flex gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => go(-1)}>
          <span aria-hidden="true">←</span> Previous<span className="sr-only"> photo</span>
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => go(1)}>
          Next<span className="sr-only"> photo</span> <span aria-hidden="true">→</span>
        </button>
      </div>
    ) : null;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys bubbling from the gallery's buttons move between photos
    <section aria-label="Photos" onKeyDown={onKeyDown} className="mt-6">
      <button
        type="button"
        onClick={() => setLarge(true)}
        className="block w-full cursor-zoom-in rounded-xl"
        aria-label={`View larger: ${photo.caption || label}`}
      >
        <img src={photo.img} alt="" className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800" />
      </button>
      <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-sm" aria-live="polite">
        <span>{photo.caption}</span>
        {n > 1 ? <span className="muted">{label}</span> : null}
      </p>
      {n > 1 ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <ul aria-label="All photos" className="flex flex-wrap gap-2">
            {photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`Show photo ${i + 1}${p.caption ? `: ${p.caption}` : ''}${p.main ? ' (main photo)' : ''}`}
                  className={`block size-16 overflow-hidden rounded-lg border-2 ${i === index ? 'border-indigo-600 dark:border-indigo-400' : 'border-transparent'}`}
                >
                  <img src={p.img} alt="" loading="lazy" className="size-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
          {arrows}
        </div>
      ) : null}
      <p className="muted mt-1">{n > 1 ? 'Use the arrow keys to move between photos. ' : ''}Select the photo for a larger view.</p>

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys bubbling from the dialog's buttons move between photos, and a click on the backdrop closes it (Escape too, by the <dialog> itself) */}
      <dialog
        ref={dialog}
        aria-label={`${title}: ${label}`}
        onClose={() => setLarge(false)}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          if (e.target === e.currentTarget) setLarge(false);
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(72rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-4 text-slate-900 shadow-2xl backdrop:bg-slate-950/80 sm:p-6 dark:bg-slate-900 dark:text-slate-100"
      >
        {large ? (
          <>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              {arrows ?? <span />}
              <button type="button" onClick={() => setLarge(false)} className="btn btn-secondary">
                Close <span className="sr-only">the larger view</span>
              </button>
            </div>
            {picture(true)}
          </>
        ) : null}
      </dialog>
    </section>
  );
}
