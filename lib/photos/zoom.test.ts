import { describe, expect, it } from 'vitest';
import { ARROW_PAN, FITTED, pan, PAN_STEP, realPixelsScale, toggleZoom, zoomIn, zoomOut, type ZoomGeometry } from './zoom.ts';

// A 4000 × 3000 photo fitted into an 800 × 600 box: real pixels are 5 times the fitted size.
const big: ZoomGeometry = { fitted: { width: 800, height: 600 }, natural: { width: 4000, height: 3000 }, box: { width: 800, height: 600 } };

describe('the viewer zoom', () => {
  it('zooms to the real pixels, and back to the fitted picture', () => {
    expect(realPixelsScale(big)).toBe(5);
    const z = zoomIn(FITTED, big);
    expect(z).toEqual({ scale: 5, x: 0, y: 0 });
    expect(zoomIn(z, big)).toBe(z);
    expect(zoomOut()).toEqual(FITTED);
    expect(toggleZoom(z, big)).toEqual(FITTED);
  });

  it('keeps the point clicked under the pointer', () => {
    // 100 px right of the centre: that point of the picture is 500 px right of the centre at 5×, moved back by 400.
    expect(toggleZoom(FITTED, big, { x: 100, y: -50 })).toEqual({ scale: 5, x: -400, y: 200 });
  });

  it('zooms a picture no larger than its box to twice its size', () => {
    const small: ZoomGeometry = {
      fitted: { width: 300, height: 200 },
      natural: { width: 300, height: 200 },
      box: { width: 800, height: 600 },
    };
    expect(realPixelsScale(small)).toBe(2);
    // Twice 300 × 200 still fits the box: it stays centred, nothing to move.
    const z = zoomIn(FITTED, small, { x: 100, y: 100 });
    expect(z).toEqual({ scale: 2, x: 0, y: 0 });
    expect(pan(z, small, 50, 50)).toEqual(z);
  });

  it('pans a zoomed picture by drags and arrow keys, never past its edges', () => {
    const z = zoomIn(FITTED, big);
    const [dx, dy] = ARROW_PAN.ArrowRight!;
    expect(pan(z, big, dx, dy)).toEqual({ scale: 5, x: -PAN_STEP, y: 0 });
    // The picture is 4000 × 3000 in an 800 × 600 box: it overhangs 1600 and 1200 on each side.
    expect(pan(z, big, -10_000, 10_000)).toEqual({ scale: 5, x: -1600, y: 1200 });
    expect(pan(z, big, 10_000, -10_000)).toEqual({ scale: 5, x: 1600, y: -1200 });
  });

  it('does not move a fitted picture', () => {
    expect(pan(FITTED, big, 40, 40)).toBe(FITTED);
  });
});
