'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form-fields';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import {
  centredCrop,
  cropForKey,
  describeCrop,
  growFromCorner,
  MIN_CROP_PX,
  moveCrop,
  toFractions,
  type Bounds,
  type SquareCrop,
} from '@/lib/users/crop';
import { PHOTO_DESCRIPTION_MAX } from '@/lib/validations/photo-file';
import { saveProfilePhoto } from '../actions';

// The square crop of a new profile picture, loaded only when opened (next/dynamic).
//
// Written by hand rather than with a crop library: react-easy-crop moves the picture under a
// fixed frame and zooms with the wheel or a pinch (its keyboard only pans); react-image-crop moves
// its selection with the arrow keys but resizes only from a focused corner handle, and says
// nothing to a screen reader. Here one focusable frame does both from the keyboard (arrows move,
// Shift+arrows or +/- resize), each change read out through the page's announcer, and the
// arithmetic is plain functions (lib/users/crop.ts) with tests of their own.

/** The sizes the API makes of the crop (docs/api.md, "Extensions": Profile picture: icon, normal, profile). */
const PREVIEWS = [
  ['Icon', 50],
  ['Normal', 120],
  ['Profile', 240],
] as const;

type Drag = { mode: 'move' | 'resize'; x: number; y: number; start: SquareCrop; scale: number };

export type CropPhoto = { id: number; src: string; caption: string };

/** Crops one of the reader's photos to a square and makes it their picture; the page refreshes once saved. */
export default function CropDialog({ photo, onClose }: { photo: CropPhoto; onClose: () => void }) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const action = useAction();
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [crop, setCrop] = useState<SquareCrop | null>(null);
  const [description, setDescription] = useState(photo.caption);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<Drag | null>(null);

  const loaded = useCallback((img: HTMLImageElement) => {
    if (!img.naturalWidth) return;
    const b = { width: img.naturalWidth, height: img.naturalHeight };
    setBounds(b);
    setCrop(centredCrop(b));
  }, []);
  // A picture already in the cache may be complete before React listens for its load.
  const imageRef = useCallback(
    (img: HTMLImageElement | null) => {
      image.current = img;
      if (img?.complete) loaded(img);
    },
    [loaded],
  );

  const startDrag = (mode: Drag['mode'], e: ReactPointerEvent<HTMLElement>) => {
    if (!crop || !bounds || !image.current) return;
    e.preventDefault();
    e.stopPropagation();
    const shown = image.current.getBoundingClientRect().width || bounds.width;
    drag.current = { mode, x: e.clientX, y: e.clientY, start: crop, scale: bounds.width / shown };
    (e.currentTarget.closest('[data-crop-area]') as HTMLElement | null)?.setPointerCapture(e.pointerId);
  };
  const moveDrag = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || !bounds) return;
    const dx = (e.clientX - d.x) * d.scale;
    const dy = (e.clientY - d.y) * d.scale;
    setCrop(
      d.mode === 'move' ? moveCrop(d.start, dx, dy, bounds, MIN_CROP_PX) : growFromCorner(d.start, Math.max(dx, dy), bounds, MIN_CROP_PX),
    );
  };
  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    if (crop && bounds) announce(describeCrop(crop, bounds));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!crop || !bounds) return;
    const next = cropForKey(crop, e.key, e.shiftKey, bounds, MIN_CROP_PX);
    if (!next) return;
    e.preventDefault();
    setCrop(next.crop);
    announce(`${next.change === 'moved' ? 'Moved' : 'Resized'}. ${describeCrop(next.crop, bounds)}`);
  };

  const save = async () => {
    if (!crop || !bounds) return;
    const res = await action.run(() => saveProfilePhoto({ photoId: photo.id, crop: toFractions(crop, bounds), description }));
    if (!res.ok) return;
    announce(res.message);
    onClose();
    router.refresh();
  };

  const pct = (n: number, of: number) => `${(n / of) * 100}%`;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Crop your profile picture"
      description="Drag the frame or its corner, or use the keyboard on the frame: arrow keys move it, Shift+arrows or + and − resize it."
    >
      <div className="space-y-4">
        <div
          data-crop-area
          className="relative mx-auto w-fit touch-none overflow-hidden select-none"
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <img
            ref={imageRef}
            src={photo.src}
            alt=""
            draggable={false}
            onLoad={(e) => loaded(e.currentTarget)}
            className="block max-h-[45vh] w-auto max-w-full"
          />
          {crop && bounds ? (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the frame is a widget of its own (no ARIA role moves and resizes a square): role=application makes a screen reader pass it the arrow keys, and every change is announced
            <div
              role="application"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the frame takes the keyboard (see above)
              tabIndex={0}
              aria-roledescription="crop frame"
              aria-label="Crop frame"
              aria-describedby={`${id}-where`}
              onKeyDown={onKeyDown}
              onPointerDown={(e) => startDrag('move', e)}
              className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] outline-offset-2 focus-visible:outline-3 focus-visible:outline-indigo-500"
              style={{
                left: pct(crop.x, bounds.width),
                top: pct(crop.y, bounds.height),
                width: pct(crop.size, bounds.width),
                height: pct(crop.size, bounds.height),
              }}
            >
              <span
                aria-hidden="true"
                onPointerDown={(e) => startDrag('resize', e)}
                className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize rounded-sm border-2 border-indigo-600 bg-white"
              />
            </div>
          ) : null}
        </div>
        {crop && bounds ? (
          <p id={`${id}-where`} className="muted text-sm">
            {describeCrop(crop, bounds)}
          </p>
        ) : (
          <p className="muted text-sm">Loading the photo…</p>
        )}

        {crop && bounds ? (
          <figure>
            <figcaption className="text-sm font-medium">How it will look</figcaption>
            <ul className="mt-2 flex flex-wrap items-end gap-4">
              {PREVIEWS.map(([label, px]) => {
                const scale = px / crop.size;
                return (
                  <li key={label} className="text-center text-xs">
                    <div className="relative overflow-hidden rounded-full bg-slate-200" style={{ width: px, height: px }}>
                      <img
                        src={photo.src}
                        alt=""
                        draggable={false}
                        className="absolute max-w-none"
                        style={{ width: bounds.width * scale, height: bounds.height * scale, left: -crop.x * scale, top: -crop.y * scale }}
                      />
                    </div>
                    <span className="mt-1 block">
                      {label} ({px} px)
                    </span>
                  </li>
                );
              })}
            </ul>
          </figure>
        ) : null}

        <Field
          id={`${id}-description`}
          label="Describe the picture (read to those who cannot see it)"
          error={action.problem?.fieldErrors?.description}
        >
          {(a) => (
            <textarea
              {...a}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                action.clearFieldError('description');
              }}
              rows={2}
              maxLength={PHOTO_DESCRIPTION_MAX}
              className="field"
            />
          )}
        </Field>

        <FormError message={action.problem?.message} signedOut={action.problem?.signedOut} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonStyles.primary} onClick={save} disabled={!crop || action.pending}>
            {action.pending ? 'Saving…' : 'Save profile picture'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
