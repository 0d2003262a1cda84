'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { ARROW_PAN, FITTED, isZoomed, pan, toggleZoom, zoomIn, zoomOut, type ZoomGeometry, type ZoomState } from '@/lib/photos/zoom';
import { typingIn } from '@/components/ui/typing-in';
import { usePhotoTags } from './tags/tags-context';

/**
 * The viewer's picture, zoomable to its real pixels and back: a click or a double-click where
 * to look (and again to fit), `+` and `-`, or the button; zoomed, dragging or the arrow keys move
 * it (the arrows then move the picture, not to the next photo). The state is lib/photos/zoom.ts;
 * this applies it as a transform, so the box itself never changes size. While a tag is being
 * drawn the pointer is the tagging's.
 */
export function ZoomablePhoto({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<ZoomState>(FITTED);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const tagging = !!usePhotoTags()?.tagging;
  const zoomed = isZoomed(zoom);

  const geometry = useCallback((): ZoomGeometry | undefined => {
    const b = box.current;
    const img = b?.querySelector('img');
    if (!b || !img || !img.offsetWidth) return undefined;
    return {
      fitted: { width: img.offsetWidth, height: img.offsetHeight },
      natural: { width: img.naturalWidth || img.offsetWidth, height: img.naturalHeight || img.offsetHeight },
      box: { width: b.clientWidth, height: b.clientHeight },
    };
  }, []);

  useEffect(() => {
    // Capture, before the viewer's own arrows (PhotoKeys skips a key already handled).
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
      const g = geometry();
      if (!g) return;
      if (e.key === '+' || e.key === '=') {
        e.preventDefault();
        setZoom((z) => zoomIn(z, g));
      } else if (e.key === '-' || e.key === '_') {
        e.preventDefault();
        setZoom(zoomOut());
      } else if (zoomed && ARROW_PAN[e.key]) {
        e.preventDefault();
        const [dx, dy] = ARROW_PAN[e.key]!;
        setZoom((z) => pan(z, g, dx, dy));
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [geometry, zoomed]);

  const at = (e: { clientX: number; clientY: number }) => {
    const r = box.current!.getBoundingClientRect();
    return { x: e.clientX - r.left - r.width / 2, y: e.clientY - r.top - r.height / 2 };
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (tagging || !zoomed || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const g = geometry();
    if (!d || !g) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) d.moved = true;
    drag.current = { x: e.clientX, y: e.clientY, moved: d.moved };
    setZoom((z) => pan(z, g, dx, dy));
  };
  const onPointerUp = () => {
    // A drag that moved the picture is not also a click.
    if (drag.current?.moved) setTimeout(() => (drag.current = null));
    else drag.current = null;
  };

  return (
    <div className="relative size-full">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the click is the mouse's way to what +, - and the button below do from the keyboard */}
      <div
        ref={box}
        data-zoom={zoomed ? zoom.scale.toFixed(2) : '1'}
        className={`flex size-full items-center justify-center overflow-hidden ${tagging ? '' : zoomed ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in'}`}
        onClick={(e) => {
          const g = geometry();
          // The second click of a double-click is not a second toggle: a double-click zooms as a click does.
          if (tagging || !g || e.detail > 1 || drag.current?.moved) return;
          setZoom((z) => toggleZoom(z, g, at(e)));
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          className="flex max-h-full max-w-full items-center justify-center transition-transform duration-150 motion-reduce:transition-none"
          style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        >
          {children}
        </div>
      </div>
      <button
        type="button"
        aria-pressed={zoomed}
        aria-keyshortcuts={zoomed ? '-' : '+'}
        onClick={() => {
          const g = geometry();
          if (g) setZoom((z) => toggleZoom(z, g));
        }}
        className="absolute top-2 right-2 rounded bg-slate-950/85 px-2 py-1 text-xs font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {zoomed ? 'Fit to screen' : 'Real size'}
      </button>
    </div>
  );
}
