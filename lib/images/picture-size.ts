import { z } from 'zod';

/** A picture's original pixels, as our API tells them (docs/api.md, "Extensions": Picture sizes and descriptions). */
export interface PictureSize {
  width: number;
  height: number;
}

const side = z.coerce.number().int().positive().max(1_000_000);

/**
 * The size an API answer gives a picture, or undefined when it gives none (a server of the
 * document alone), or one that is no size (null, 0, text): the page then reserves a fixed box.
 */
export function pictureSizeOf(width: unknown, height: unknown): PictureSize | undefined {
  if (width === null || width === undefined || height === null || height === undefined) return undefined;
  const w = side.safeParse(width);
  const h = side.safeParse(height);
  return w.success && h.success ? { width: w.data, height: h.data } : undefined;
}
