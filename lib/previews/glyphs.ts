import fs from 'node:fs';
import path from 'node:path';

// What the preview image can draw of a piece of text. The image is drawn with the fonts shipped
// in lib/previews/fonts (Noto Sans: Latin, Latin Extended, Cyrillic, Greek) and emoji from the
// @twemoji/svg package, all read from disk: nothing is fetched while an image is made. Next's
// ImageResponse would fetch a font from Google Fonts for a character none of its fonts has,
// and an emoji from a CDN, so the text is cut up first: emoji become pictures, and characters
// the fonts lack (Chinese, Arabic, Devanagari…) are left out rather than asked for.

/** The unicode-range of each shipped subset (from @fontsource/noto-sans 5.3.0's CSS). */
const FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  // latin
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  // latin-ext
  [0x0100, 0x02ba],
  [0x02bd, 0x02c5],
  [0x02c7, 0x02cc],
  [0x02ce, 0x02d7],
  [0x02dd, 0x02ff],
  [0x1d00, 0x1dbf],
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
  [0x2020, 0x2020],
  [0x20a0, 0x20ab],
  [0x20ad, 0x20c0],
  [0x2113, 0x2113],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
  // cyrillic
  [0x0301, 0x0301],
  [0x0400, 0x045f],
  [0x0490, 0x0491],
  [0x04b0, 0x04b1],
  [0x2116, 0x2116],
  // greek
  [0x0370, 0x0377],
  [0x037a, 0x037f],
  [0x0384, 0x038a],
  [0x038c, 0x038c],
  [0x038e, 0x03a1],
  [0x03a3, 0x03ff],
];

/** Whether the shipped fonts draw this code point (controls are not drawn, only spaced). */
function fontHas(cp: number): boolean {
  if (
    cp < 0x20 ||
    (cp >= 0x7f && cp < 0xa0) ||
    cp === 0xfeff ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f)
  )
    return false;
  return FONT_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
}

/** A run of text the fonts draw, or an emoji as an SVG picture (a data: URL). */
export type Piece = { text: string } | { emoji: string; svg: string };

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function twemojiDir(): string {
  return path.join(process.cwd(), 'node_modules', '@twemoji', 'svg');
}

const svgCache = new Map<string, string | null>();

/**
 * Twemoji's file of an emoji: its code points in hex joined by '-', without the variation
 * selector U+FE0F unless the sequence has a zero-width joiner (Twemoji's own naming); both
 * spellings are tried. null when there is none.
 */
function emojiSvg(grapheme: string): string | null {
  if (svgCache.has(grapheme)) return svgCache.get(grapheme)!;
  const cps = [...grapheme].map((c) => c.codePointAt(0)!.toString(16));
  const names = [cps.filter((c) => c !== 'fe0f').join('-'), cps.join('-')];
  let svg: string | null = null;
  for (const name of names) {
    if (!/^[0-9a-f-]+$/.test(name)) continue;
    try {
      svg = `data:image/svg+xml;base64,${fs.readFileSync(path.join(twemojiDir(), `${name}.svg`)).toString('base64')}`;
      break;
    } catch {
      // not this spelling
    }
  }
  if (svgCache.size > 2000) svgCache.clear();
  svgCache.set(grapheme, svg);
  return svg;
}

/**
 * Text as the image can draw it: emoji as pictures (an emoji Twemoji does not have is left
 * out), characters the fonts lack left out, white space collapsed. `max` cuts long text at a
 * word, with an ellipsis.
 */
export function drawable(text: string, max = Infinity): Piece[] {
  const pieces: Piece[] = [];
  let run = '';
  let length = 0;
  const flush = () => {
    if (run) pieces.push({ text: run });
    run = '';
  };
  for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' ').trim())) {
    if (length >= max) {
      run = run.replace(/\s*\S*$/, '').replace(/[\s.,;:!?-]+$/, '');
      run += '…';
      break;
    }
    if (EMOJI.test(segment)) {
      const svg = emojiSvg(segment);
      if (svg) {
        flush();
        pieces.push({ emoji: segment, svg });
        length += 1;
      }
      continue;
    }
    const kept = [...segment].filter((c) => fontHas(c.codePointAt(0)!)).join('');
    if (!kept) continue;
    if (kept === ' ' && run.endsWith(' ')) continue;
    run += kept;
    length += 1;
  }
  flush();
  // Collapse the spaces left around what was dropped.
  const out: Piece[] = [];
  for (const p of pieces) {
    if ('text' in p) {
      const t = p.text.replace(/ {2,}/g, ' ');
      if (t.trim() || out.length) out.push({ text: t });
    } else out.push(p);
  }
  if (out.length && 'text' in out.at(-1)!) {
    const last = out.at(-1) as { text: string };
    last.text = last.text.trimEnd();
    if (!last.text) out.pop();
  }
  if (out.length && 'text' in out[0]!) (out[0] as { text: string }).text = (out[0] as { text: string }).text.trimStart();
  return out;
}

/** Whether anything of the text can be drawn (a title wholly in a script the fonts lack cannot). */
export function hasDrawable(pieces: Piece[]): boolean {
  return pieces.some((p) => 'emoji' in p || p.text.trim() !== '');
}
