import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The icons are drawn from one sprite (components/ui/icons.svg) by app/globals.css, each icon
// class naming its place in the sprite (`--icon-at`). A browser draws nothing for a sprite
// that is not well-formed XML, and the wrong shape for an index that is off: both are checked
// here, where a reader of the stylesheet alone could not see them.
const root = path.resolve(import.meta.dirname, '../..');
const sprite = fs.readFileSync(path.join(root, 'components/ui/icons.svg'), 'utf8');
const css = fs.readFileSync(path.join(root, 'app/globals.css'), 'utf8');

const indexes = [...css.matchAll(/\.icon-([a-z-]+) \{\s*--icon-at: (\d+);/g)].map(([, name, at]) => ({ name, at: Number(at) }));
const groups = [...sprite.matchAll(/<g transform="translate\((\d+)\)"/g)].map(([, x]) => Number(x));

describe('the icon sprite', () => {
  it('is well-formed where browsers are strict: one root, no "--" inside a comment', () => {
    expect(sprite.trimStart().startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(sprite.trimEnd().endsWith('</svg>')).toBe(true);
    for (const [, body] of sprite.matchAll(/<!--([\s\S]*?)-->/g)) expect(body).not.toContain('--');
  });

  it('has one shape for each icon class, in the order of their indexes, 32 units apart', () => {
    expect(indexes.length).toBeGreaterThan(10);
    expect(indexes.map((i) => i.at)).toEqual(indexes.map((_, n) => n));
    expect(groups).toEqual(indexes.map((_, n) => n * 32));
  });

  it('is as wide as the stylesheet says: 25 icon widths for 19 icons', () => {
    // An icon's box shows 24 units of the sprite: the mask is width/24 boxes wide, and icon n,
    // n × 32 units in, is at n × (32/24) boxes of the (width/24 − 1) that mask-position's
    // percentage counts.
    const width = indexes.length * 32 - 8;
    expect(sprite).toContain(`viewBox="0 0 ${width} 24"`);
    expect(css).toContain(`mask-size: ${(width / 24) * 100}% 100%;`);
    expect(css).toContain(`mask-position: calc(var(--icon-at) * 100% / ${((width / 24 - 1) * 24) / 32}) 0;`);
  });
});
