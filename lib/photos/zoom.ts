// The photo viewer's zoom, as pure state: the picture is either fitted into its box (scale 1)
// or shown at its real pixels (one pixel of the original to one CSS pixel), and, zoomed, moved
// about by dragging or the arrow keys without ever leaving an empty edge inside the box.
// components/photos/zoomable-photo.tsx applies it as a CSS transform (translate, then scale).

interface Size {
  width: number;
  height: number;
}

export interface ZoomState {
  /** 1: fitted into the box; above 1: that many times the fitted size. */
  scale: number;
  /** The picture's centre from the box's centre, in CSS pixels. */
  x: number;
  y: number;
}

export interface ZoomGeometry {
  /** The picture's size as fitted into the box (scale 1). */
  fitted: Size;
  /** The original's pixels. */
  natural: Size;
  /** The box. */
  box: Size;
}

export const FITTED: ZoomState = { scale: 1, x: 0, y: 0 };

/** A picture no larger than its box still zooms, to twice its fitted size, so that zoom always does something. */
const SMALL_PICTURE_ZOOM = 2;
/** How far one press of an arrow key moves a zoomed picture, in CSS pixels. */
export const PAN_STEP = 80;

/** The scale at which one pixel of the original is one CSS pixel. */
export function realPixelsScale(g: ZoomGeometry): number {
  if (g.fitted.width <= 0) return 1;
  const s = g.natural.width / g.fitted.width;
  return s > 1.05 ? s : SMALL_PICTURE_ZOOM;
}

export const isZoomed = (s: ZoomState): boolean => s.scale > 1;

/** Keeps the picture covering the box where it can: an offset beyond the picture's overhang is pulled back. */
function clamp(s: ZoomState, g: ZoomGeometry): ZoomState {
  const maxX = Math.max(0, (g.fitted.width * s.scale - g.box.width) / 2);
  const maxY = Math.max(0, (g.fitted.height * s.scale - g.box.height) / 2);
  return { scale: s.scale, x: Math.min(maxX, Math.max(-maxX, s.x)) || 0, y: Math.min(maxY, Math.max(-maxY, s.y)) || 0 };
}

/**
 * To the real pixels, keeping the point `at` (from the box's centre; its centre when absent)
 * where it is on the screen: what was under the pointer stays under it.
 */
export function zoomIn(s: ZoomState, g: ZoomGeometry, at: { x: number; y: number } = { x: 0, y: 0 }): ZoomState {
  const scale = realPixelsScale(g);
  if (s.scale >= scale) return s;
  const k = scale / s.scale;
  return clamp({ scale, x: at.x - (at.x - s.x) * k, y: at.y - (at.y - s.y) * k }, g);
}

/** Back to the fitted picture. */
export const zoomOut = (): ZoomState => FITTED;

/** A click or a double-click: zoomed in at the point, or back out. */
export const toggleZoom = (s: ZoomState, g: ZoomGeometry, at?: { x: number; y: number }): ZoomState =>
  isZoomed(s) ? zoomOut() : zoomIn(s, g, at);

/** Moves a zoomed picture by (dx, dy) CSS pixels (a drag, or an arrow key); a fitted one does not move. */
export function pan(s: ZoomState, g: ZoomGeometry, dx: number, dy: number): ZoomState {
  if (!isZoomed(s)) return s;
  return clamp({ scale: s.scale, x: s.x + dx, y: s.y + dy }, g);
}

/** The arrow keys' moves: the picture goes the other way, as the view moves toward the arrow. */
export const ARROW_PAN: Record<string, [number, number]> = {
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
};
