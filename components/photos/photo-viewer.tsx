'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLatest } from '@/components/ui/use-latest';

/**
 * The link the viewer was opened from. Each photo is a page of its own (the viewer is mounted
 * anew for each), so this outlives them: moving to a photo that has no link on the page beneath
 * (further in the album than the feed shows) still returns the focus where it was.
 */
let opener: HTMLElement | null = null;

/**
 * The photo viewer over an album's grid or the feed (the intercepted /photos/{id}): a modal
 * <dialog>, so focus stays inside and the page beneath is inert. Escape, the close button or a
 * click on the backdrop go back to that page (the viewer is one step of the history: moving
 * between photos replaces it), at the same scroll position, and focus returns to the link of the
 * photo last shown, or else to the link it was opened from.
 */
export function PhotoViewer({ photoId, labelledBy, children }: { photoId: number; labelledBy: string; children: ReactNode }) {
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const current = useLatest(photoId);

  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest('dialog')) opener = active;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    const dialog = ref.current;
    router.back();
    // Once the viewer is gone, the thumbnail of the photo last shown takes the focus.
    const started = Date.now();
    const refocus = () => {
      if (dialog && document.contains(dialog) && Date.now() - started < 5000) return void requestAnimationFrame(refocus);
      const shown = `a[data-photo-id="${current.current}"]`;
      const back =
        opener?.isConnected && opener.matches(shown)
          ? opener
          : (document.querySelector<HTMLElement>(shown) ?? (opener?.isConnected ? opener : null));
      back?.focus({ preventScroll: true });
    };
    requestAnimationFrame(refocus);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog; the keyboard's way is Escape, which the <dialog> handles itself (cancel)
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // React hands a dialog opened inside this one (a crop, a confirmation, who liked) its
        // Escape too, through the component tree: that one closes itself, the viewer stays.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(72rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-4 text-slate-900 shadow-2xl backdrop:bg-slate-950/80 sm:p-6 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="mb-2 flex justify-end">
        <button type="button" onClick={close} className="btn btn-secondary">
          Close <span className="sr-only">the photo viewer</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
