'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { tagName } from '@/lib/photos/tag-name';
import { boxBetween, boxStyle, describeBox, nudge, toImagePoint } from './box-geometry';
import { usePhotoTags } from './tags-context';

type Rect = { left: number; top: number; width: number; height: number };

/**
 * The photo with its tags: each tag's box is drawn over it while the pointer is over the photo,
 * while the photo (or a name in the "In this photo" list) has the keyboard focus, and while a
 * name in the list is hovered. With "Tag someone" open, a box is drawn by dragging over the
 * photo, or (keyboard) moved with the arrow keys and sized with Shift + arrow keys. Boxes are
 * decoration: the list under the photo is what assistive technology reads.
 */
export function TaggedPhoto({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const t = usePhotoTags();
  const img = useRef<HTMLImageElement>(null);
  const [rect, setRect] = useState<Rect | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const draftRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const setNatural = t?.setNatural;

  useLayoutEffect(() => {
    const el = img.current;
    if (!el || !setNatural) return;
    const measure = () => {
      if (!el.naturalWidth) return;
      setNatural({ w: el.naturalWidth, h: el.naturalHeight });
      setRect({ left: el.offsetLeft, top: el.offsetTop, width: el.offsetWidth, height: el.offsetHeight });
    };
    measure();
    el.addEventListener('load', measure);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      el.removeEventListener('load', measure);
      ro.disconnect();
    };
  }, [src, setNatural]);

  // A box placed from the keyboard takes the focus, so that the arrow keys move it at once.
  const placedByKey = t?.draft !== null && t?.drawnAt === -1;
  useEffect(() => {
    if (placedByKey) draftRef.current?.focus();
  }, [placedByKey]);

  if (!t) return <img src={src} alt={alt} className={className} />;
  const { tags, natural, tagging, draft, highlighted } = t;
  const names = tags.map(tagName).join(', ');

  const point = (e: PointerEvent<HTMLDivElement>) => toImagePoint(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), natural!);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!tagging || !natural || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = point(e);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !natural) return;
    t.setDraft(boxBetween(drag.current, point(e), natural));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !natural) return;
    const box = boxBetween(drag.current, point(e), natural);
    drag.current = null;
    // A click, not a drag: nothing is drawn.
    const min = Math.max(2, Math.round(Math.min(natural.w, natural.h) / 100));
    if (box.w < min || box.h < min) return;
    t.setDraft(box);
    t.setDrawnAt(Date.now());
  };
  const onDraftKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!draft || !natural) return;
    if (e.key === 'Enter') {
      // Done with the box: on to who is in it.
      e.preventDefault();
      t.setDrawnAt(Date.now());
      return;
    }
    const next = nudge(draft, e.key, e.shiftKey, natural);
    if (!next) return;
    e.preventDefault();
    t.setDraft(next);
  };

  return (
    <div className="relative flex h-full w-full items-center justify-center">
      <img ref={img} src={src} alt={alt} className={className} />
      {rect && natural ? (
        <div
          tabIndex={tags.length && !tagging ? 0 : undefined}
          role={tags.length && !tagging ? 'group' : undefined}
          aria-label={tags.length && !tagging ? `Tags on the photo: ${names}` : undefined}
          data-testid="photo-tags-area"
          className={`group absolute outline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-400 ${tagging ? 'cursor-crosshair touch-none' : ''}`}
          style={{ left: rect.left, top: rect.top, width: rect.width, height: rect.height }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (drag.current = null)}
        >
          {tagging
            ? null
            : tags.map((tag) => (
                <div
                  key={tag.id}
                  aria-hidden
                  data-testid="tag-box"
                  data-tag-name={tagName(tag)}
                  data-highlighted={highlighted === tag.id || undefined}
                  className={`pointer-events-none absolute rounded-sm border-2 shadow-[0_0_0_1px_rgb(0_0_0/0.6)] ${
                    highlighted === tag.id
                      ? 'visible z-10 border-amber-300'
                      : highlighted !== null
                        ? 'visible border-white/50'
                        : 'invisible border-white group-hover:visible group-focus-visible:visible'
                  }`}
                  style={boxStyle(tag.box, natural)}
                >
                  <span className="absolute top-full left-0 mt-1 max-w-48 truncate rounded bg-slate-950/85 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white">
                    {tagName(tag)}
                  </span>
                </div>
              ))}
          {tagging && draft ? (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a widget of its own that the arrow keys move and resize (role application lets a screen reader pass them on), with its label, its keys described and Enter to go on
            <div
              ref={draftRef}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- that widget takes the focus to be moved with the keys
              tabIndex={0}
              role="application"
              aria-roledescription="tag box"
              aria-label={`New tag’s box: ${describeBox(draft)}`}
              aria-describedby={helpId}
              data-testid="draft-box"
              onKeyDown={onDraftKey}
              className="absolute rounded-sm border-2 border-dashed border-amber-300 bg-amber-300/10 shadow-[0_0_0_1px_rgb(0_0_0/0.7)] outline-offset-2 focus-visible:outline-2 focus-visible:outline-white"
              style={boxStyle(draft, natural)}
            >
              <span id={helpId} className="sr-only">
                Arrow keys move the box; Shift and an arrow key make it larger (right, down) or smaller (left, up); Enter goes on to who is
                in it.
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
