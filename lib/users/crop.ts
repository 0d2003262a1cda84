// The square crop of a profile picture, as plain numbers (the crop dialog and the save action
// share it). The dialog works in the pixels of the picture it shows; the action turns the crop
// into fractions of it and back into the pixels of the photo's original, which the API's
// POST /users/me/photo takes (docs/api.md, "Extensions": Profile picture). The API's least `size`
// is 50 px.

/** A square: its top-left corner and its side, in pixels of one picture. */
export interface SquareCrop {
  x: number;
  y: number;
  size: number;
}

/** A picture's size in pixels. */
export interface Bounds {
  width: number;
  height: number;
}

/** The API's least side of a profile picture's crop, in the original's pixels. */
export const MIN_CROP_PX = 50;

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** The largest square in the middle of the picture: where a crop starts. */
export function centredCrop(b: Bounds): SquareCrop {
  const size = Math.min(b.width, b.height);
  return { x: (b.width - size) / 2, y: (b.height - size) / 2, size };
}

/** The crop kept inside the picture: its side within [least, shorter side], its corner so the square fits. */
export function fitCrop(c: SquareCrop, b: Bounds, least = 1): SquareCrop {
  const side = Math.min(b.width, b.height);
  const size = clamp(c.size, Math.min(least, side), side);
  return { x: clamp(c.x, 0, b.width - size), y: clamp(c.y, 0, b.height - size), size };
}

/** Moved by (dx, dy), stopping at the picture's edges. */
export function moveCrop(c: SquareCrop, dx: number, dy: number, b: Bounds, least?: number): SquareCrop {
  return fitCrop({ ...c, x: c.x + dx, y: c.y + dy }, b, least);
}

/** Grown (or shrunk, delta < 0) about its centre, then kept inside the picture. */
export function resizeCrop(c: SquareCrop, delta: number, b: Bounds, least?: number): SquareCrop {
  const side = Math.min(b.width, b.height);
  const size = clamp(c.size + delta, Math.min(least ?? 1, side), side);
  const grown = size - c.size;
  return fitCrop({ x: c.x - grown / 2, y: c.y - grown / 2, size }, b, least);
}

/** Grown (or shrunk) from its bottom-right corner, its top-left corner staying put: dragging the corner handle. */
export function growFromCorner(c: SquareCrop, delta: number, b: Bounds, least = 1): SquareCrop {
  const room = Math.min(b.width - c.x, b.height - c.y);
  return { ...c, size: clamp(c.size + delta, Math.min(least, room), room) };
}

/** One key press's step: a fiftieth of the shorter side (at least one pixel); shift's is ten of them. */
function keyStep(b: Bounds): number {
  return Math.max(1, Math.round(Math.min(b.width, b.height) / 50));
}

/** What a key does to the crop (arrows move; shift+arrows and +/- resize); undefined for other keys. */
export function cropForKey(
  c: SquareCrop,
  key: string,
  shift: boolean,
  b: Bounds,
  least?: number,
): { crop: SquareCrop; change: 'moved' | 'resized' } | undefined {
  const step = keyStep(b);
  const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const arrow = arrows[key];
  if (arrow && shift) {
    // Shift+Right/Up grow, Shift+Left/Down shrink.
    const grow = key === 'ArrowRight' || key === 'ArrowUp' ? 1 : -1;
    return { crop: resizeCrop(c, grow * step * 2, b, least), change: 'resized' };
  }
  if (arrow) return { crop: moveCrop(c, arrow[0] * step, arrow[1] * step, b, least), change: 'moved' };
  if (key === '+' || key === '=') return { crop: resizeCrop(c, step * 2, b, least), change: 'resized' };
  if (key === '-' || key === '_') return { crop: resizeCrop(c, -step * 2, b, least), change: 'resized' };
  return undefined;
}

/** The crop as fractions of the picture's width (x, size) and height (y): what the save action is sent. */
export function toFractions(c: SquareCrop, b: Bounds): SquareCrop {
  return { x: c.x / b.width, y: c.y / b.height, size: c.size / b.width };
}

/**
 * Fractions of a picture back to whole pixels of the same photo at another size (its original),
 * kept inside it: the corner rounded, the side rounded down so the square never passes an edge.
 */
export function fromFractions(f: SquareCrop, b: Bounds): SquareCrop {
  const side = Math.min(b.width, b.height);
  const size = Math.min(side, Math.floor(f.size * b.width + 1e-6));
  return {
    x: clamp(Math.round(f.x * b.width), 0, b.width - size),
    y: clamp(Math.round(f.y * b.height), 0, b.height - size),
    size,
  };
}

/** How a crop reads to a screen reader: where it is and how big, in percent of the picture. */
export function describeCrop(c: SquareCrop, b: Bounds): string {
  const pct = (n: number, of: number) => Math.round((n / of) * 100);
  return `Frame ${pct(c.size, Math.min(b.width, b.height))}% of the picture's shorter side, ${pct(c.x, b.width)}% from the left, ${pct(c.y, b.height)}% from the top.`;
}
