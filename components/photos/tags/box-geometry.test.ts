import { describe, expect, it } from 'vitest';
import { boxBetween, boxStyle, centredBox, clampBox, keyStep, nudge, toImagePoint } from './box-geometry';

const size = { w: 800, h: 600 };

describe('tag boxes in the original picture’s pixels', () => {
  it('maps a point of the picture as shown (any size) to the original pixels', () => {
    const shown = { left: 100, top: 50, width: 400, height: 300 };
    expect(toImagePoint(300, 200, shown, size)).toEqual({ x: 400, y: 300 });
    // Outside the picture: held at its edge.
    expect(toImagePoint(0, 1000, shown, size)).toEqual({ x: 0, y: 600 });
  });

  it('makes a box between two points dragged either way, inside the picture', () => {
    expect(boxBetween({ x: 500, y: 400 }, { x: 100.4, y: 50.6 }, size)).toEqual({ x: 100, y: 50, w: 400, h: 350 });
    expect(boxBetween({ x: 790, y: 590 }, { x: 900, y: 700 }, size)).toEqual({ x: 790, y: 590, w: 10, h: 10 });
  });

  it('places a keyboard box in the middle and moves it by steps, never out of the picture', () => {
    const b = centredBox(size);
    expect(b).toEqual({ x: 325, y: 225, w: 150, h: 150 });
    expect(keyStep(size)).toBe(12);
    expect(nudge(b, 'ArrowRight', false, size)).toEqual({ ...b, x: 337 });
    expect(nudge(b, 'ArrowDown', true, size)).toEqual({ ...b, h: 162 });
    expect(nudge(b, 'ArrowLeft', true, size)).toEqual({ ...b, w: 138 });
    expect(nudge({ x: 795, y: 0, w: 5, h: 5 }, 'ArrowRight', false, size)).toEqual({ x: 795, y: 0, w: 5, h: 5 });
    expect(nudge({ x: 0, y: 0, w: 12, h: 12 }, 'ArrowUp', true, size)).toEqual({ x: 0, y: 0, w: 12, h: 12 });
    expect(nudge({ x: 700, y: 0, w: 100, h: 12 }, 'ArrowRight', true, size)).toEqual({ x: 700, y: 0, w: 100, h: 12 });
    expect(nudge(b, 'Enter', false, size)).toBeNull();
  });

  it('keeps any box inside the picture, and draws it as percentages', () => {
    expect(clampBox({ x: -5, y: 590, w: 900, h: 20 }, size)).toEqual({ x: 0, y: 580, w: 800, h: 20 });
    expect(boxStyle({ x: 200, y: 150, w: 400, h: 300 }, size)).toEqual({ left: '25%', top: '25%', width: '50%', height: '50%' });
  });
});
