import type { TagBox } from '@/lib/social-api/tags';

// A tag box in the original image's pixels, whatever size the photo is shown at.

export type Size = { w: number; h: number };

/** The box kept inside the picture and at least `min` pixels each way. */
export function clampBox(b: TagBox, size: Size, min = 1): TagBox {
  const w = Math.round(Math.min(Math.max(b.w, min), size.w));
  const h = Math.round(Math.min(Math.max(b.h, min), size.h));
  const x = Math.round(Math.min(Math.max(b.x, 0), size.w - w));
  const y = Math.round(Math.min(Math.max(b.y, 0), size.h - h));
  return { x, y, w, h };
}

/** The box between two points of the picture (in original pixels), whichever way it was dragged. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }, size: Size): TagBox {
  const x1 = Math.max(0, Math.min(a.x, b.x));
  const y1 = Math.max(0, Math.min(a.y, b.y));
  const x2 = Math.min(size.w, Math.max(a.x, b.x));
  const y2 = Math.min(size.h, Math.max(a.y, b.y));
  return clampBox({ x: Math.floor(x1), y: Math.floor(y1), w: Math.ceil(x2 - x1), h: Math.ceil(y2 - y1) }, size);
}

/** A point of the element showing the picture (client pixels) in the original image's pixels. */
export function toImagePoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  size: Size,
) {
  return {
    x: Math.min(size.w, Math.max(0, ((clientX - rect.left) / rect.width) * size.w)),
    y: Math.min(size.h, Math.max(0, ((clientY - rect.top) / rect.height) * size.h)),
  };
}

/** The first box of a keyboard user: a square in the middle, a quarter of the shorter side. */
export function centredBox(size: Size): TagBox {
  const side = Math.max(1, Math.round(Math.min(size.w, size.h) / 4));
  return clampBox({ x: (size.w - side) / 2, y: (size.h - side) / 2, w: side, h: side }, size);
}

/** How far one arrow key moves or sizes the box: a fiftieth of the shorter side, at least a pixel. */
export const keyStep = (size: Size) => Math.max(1, Math.round(Math.min(size.w, size.h) / 50));

/** The box after an arrow key: moved, or (resize) grown right/down and shrunk left/up. */
export function nudge(b: TagBox, key: string, resize: boolean, size: Size): TagBox | null {
  const s = keyStep(size);
  const d = { ArrowLeft: [-s, 0], ArrowRight: [s, 0], ArrowUp: [0, -s], ArrowDown: [0, s] }[key];
  if (!d) return null;
  const [dx, dy] = d as [number, number];
  if (resize) {
    const w = Math.min(b.w + dx, size.w - b.x);
    const h = Math.min(b.h + dy, size.h - b.y);
    return clampBox({ ...b, w, h }, size, s);
  }
  return clampBox({ ...b, x: b.x + dx, y: b.y + dy }, size);
}

/** The box as percentages of the picture, for CSS. */
export function boxStyle(b: TagBox, size: Size) {
  return {
    left: `${(b.x / size.w) * 100}%`,
    top: `${(b.y / size.h) * 100}%`,
    width: `${(b.w / size.w) * 100}%`,
    height: `${(b.h / size.h) * 100}%`,
  };
}

export const describeBox = (b: TagBox) => `${b.w} × ${b.h} pixels, ${b.x} from the left and ${b.y} from the top`;
