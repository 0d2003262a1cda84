import { describe, expect, it } from 'vitest';
import {
  centredCrop,
  cropForKey,
  describeCrop,
  fitCrop,
  fromFractions,
  growFromCorner,
  moveCrop,
  resizeCrop,
  toFractions,
} from './crop.ts';

// The arithmetic of the profile picture's square crop (components/users/profile-photo/crop-dialog.tsx).

const wide = { width: 400, height: 200 };
const tall = { width: 300, height: 600 };

describe('square crop', () => {
  it('starts as the largest square in the middle of the picture', () => {
    expect(centredCrop(wide)).toEqual({ x: 100, y: 0, size: 200 });
    expect(centredCrop(tall)).toEqual({ x: 0, y: 150, size: 300 });
  });

  it('moves, stopping at every edge', () => {
    const c = { x: 100, y: 50, size: 100 };
    expect(moveCrop(c, 30, -20, wide)).toEqual({ x: 130, y: 30, size: 100 });
    expect(moveCrop(c, -500, 0, wide)).toEqual({ x: 0, y: 50, size: 100 });
    expect(moveCrop(c, 500, 500, wide)).toEqual({ x: 300, y: 100, size: 100 });
  });

  it('resizes about its centre, never past the shorter side nor under the least size, and stays inside', () => {
    const c = { x: 100, y: 50, size: 100 };
    expect(resizeCrop(c, 20, wide)).toEqual({ x: 90, y: 40, size: 120 });
    expect(resizeCrop(c, 1000, wide)).toEqual({ x: 50, y: 0, size: 200 });
    expect(resizeCrop(c, -1000, wide, 50)).toEqual({ x: 125, y: 75, size: 50 });
    // Near an edge the grown square is pushed back inside.
    expect(resizeCrop({ x: 0, y: 0, size: 100 }, 40, wide)).toEqual({ x: 0, y: 0, size: 140 });
    // A picture smaller than the least size: the square is the whole shorter side.
    expect(fitCrop({ x: 0, y: 0, size: 10 }, { width: 40, height: 30 }, 50)).toEqual({ x: 0, y: 0, size: 30 });
  });

  it('grows from its corner (the drag handle) only as far as the room to the right and below', () => {
    expect(growFromCorner({ x: 250, y: 20, size: 100 }, 500, wide)).toEqual({ x: 250, y: 20, size: 150 });
    expect(growFromCorner({ x: 250, y: 20, size: 100 }, -80, wide, 50)).toEqual({ x: 250, y: 20, size: 50 });
  });

  it('answers the keyboard: arrows move by a fiftieth of the shorter side; shift+arrows and +/- resize; other keys nothing', () => {
    const c = { x: 100, y: 50, size: 100 };
    // 200 / 50 = 4 pixels a press.
    expect(cropForKey(c, 'ArrowRight', false, wide)).toEqual({ crop: { x: 104, y: 50, size: 100 }, change: 'moved' });
    expect(cropForKey(c, 'ArrowUp', false, wide)).toEqual({ crop: { x: 100, y: 46, size: 100 }, change: 'moved' });
    expect(cropForKey(c, 'ArrowUp', true, wide)).toEqual({ crop: { x: 96, y: 46, size: 108 }, change: 'resized' });
    expect(cropForKey(c, 'ArrowLeft', true, wide)).toEqual({ crop: { x: 104, y: 54, size: 92 }, change: 'resized' });
    expect(cropForKey(c, '+', false, wide)?.crop.size).toBe(108);
    expect(cropForKey(c, '-', false, wide)?.crop.size).toBe(92);
    expect(cropForKey(c, 'Enter', false, wide)).toBeUndefined();
  });

  it('goes through fractions to the whole pixels of a larger original, never past its edges', () => {
    // Shown at 400×200, the original is 1600×800.
    const f = toFractions({ x: 100, y: 50, size: 100 }, wide);
    expect(fromFractions(f, { width: 1600, height: 800 })).toEqual({ x: 400, y: 200, size: 400 });
    // A square touching the right and bottom edges stays inside after rounding.
    const edge = toFractions({ x: 200, y: 0, size: 200 }, wide);
    expect(fromFractions(edge, { width: 1001, height: 499 })).toEqual({ x: 501, y: 0, size: 499 });
  });

  it('reads out where the frame is, in percent', () => {
    expect(describeCrop({ x: 100, y: 50, size: 100 }, wide)).toBe(
      "Frame 50% of the picture's shorter side, 25% from the left, 25% from the top.",
    );
  });
});
