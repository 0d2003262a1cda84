import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { png } from '../testing/pictures.ts';
import { drawable, hasDrawable } from './glyphs.ts';

// The preview image drawn for real (Next's ImageResponse: satori and resvg), with the fonts of
// lib/previews/fonts and the emoji of @twemoji/svg. Every fetch is recorded: nothing may leave
// the machine (ImageResponse would ask Google Fonts and a CDN for what the fonts lack).

let api: http.Server;
let other: http.Server;
let apiOrigin: string;
let otherOrigin: string;
const served: string[] = [];
const fetched: string[] = [];

function pictureServer(): http.Server {
  return http.createServer((req, res) => {
    served.push(`${req.headers.host}${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png(640, 480));
  });
}
const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

let renderPreviewImage: typeof import('./og-image.tsx').renderPreviewImage;

beforeAll(async () => {
  api = pictureServer();
  other = pictureServer();
  apiOrigin = await listen(api);
  otherOrigin = await listen(other);
  process.env.SOCIAL_API_URL = `${apiOrigin}/api/v1`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  }) as typeof fetch;
  ({ renderPreviewImage } = await import('./og-image.tsx'));
});
afterAll(async () => {
  await new Promise<void>((r) => api.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});
beforeEach(() => {
  served.length = 0;
  fetched.length = 0;
});

/** Width and height from the PNG's IHDR chunk, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString()).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// (ImageResponse loads its own wasm through data: URLs.)
const nothingLeftTheMachine = () => expect(fetched.filter((u) => !u.startsWith('http://127.0.0.1:') && !u.startsWith('data:'))).toEqual([]);

describe('the preview image', () => {
  it('draws a 1200×630 PNG of a plain title', async () => {
    const image = await renderPreviewImage({ kind: 'Blog post', title: 'Ten days in Lisbon', subtitle: 'by Alice Martin', picture: '' });
    expect(pngSize(image)).toEqual({ width: 1200, height: 630 });
    nothingLeftTheMachine();
  });

  it('draws emoji in a title as pictures, from the shipped set', async () => {
    const title = 'Party time 🎉🎂 with the family 👨‍👩‍👧 in 🇵🇹';
    const pieces = drawable(title);
    expect(pieces.filter((p) => 'svg' in p).map((p) => ('emoji' in p ? p.emoji : ''))).toEqual(['🎉', '🎂', '👨‍👩‍👧', '🇵🇹']);
    const withEmoji = await renderPreviewImage({ kind: 'Post', title, subtitle: 'by Bob Chen 😀', picture: '' });
    const without = await renderPreviewImage({
      kind: 'Post',
      title: 'Party time with the family in',
      subtitle: 'by Bob Chen',
      picture: '',
    });
    expect(pngSize(withEmoji)).toEqual({ width: 1200, height: 630 });
    // The emoji are drawn: the images differ in colour where they are.
    const colours = async (b: Buffer) => (await sharp(b).stats()).channels.map((c) => Math.round(c.mean * 10));
    expect(await colours(withEmoji)).not.toEqual(await colours(without));
    nothingLeftTheMachine();
  });

  it('draws non-Latin titles: Cyrillic and Greek with the shipped fonts, scripts they lack left out', async () => {
    expect(drawable('Привет, мир — Καλημέρα')).toEqual([{ text: 'Привет, мир — Καλημέρα' }]);
    expect(drawable('東京の夜 Tokyo nights')).toEqual([{ text: 'Tokyo nights' }]);
    expect(hasDrawable(drawable('東京の夜'))).toBe(false);
    for (const title of ['Привет, мир — Καλημέρα', '東京の夜 Tokyo nights', '東京の夜', 'مرحبا بالعالم', 'नमस्ते दुनिया']) {
      const image = await renderPreviewImage({ kind: 'Photo', title, subtitle: 'in “Reisen” · by Frank Müller', picture: '' });
      expect(pngSize(image)).toEqual({ width: 1200, height: 630 });
    }
    nothingLeftTheMachine();
  });

  it('puts in the item’s picture from the API’s origin, and fetches none from another', async () => {
    const withPicture = await renderPreviewImage({
      kind: 'Photo',
      title: 'Harbour',
      subtitle: 'by Carol Díaz',
      picture: `${apiOrigin}/files/img/abc/original.png`,
    });
    expect(served).toEqual([`${apiOrigin.slice(7)}/files/img/abc/original.png`]);
    expect(pngSize(withPicture)).toEqual({ width: 1200, height: 630 });

    served.length = 0;
    const foreign = await renderPreviewImage({
      kind: 'Post',
      title: 'A link',
      subtitle: 'by Carol Díaz',
      picture: `${otherOrigin}/thumb.png`,
    });
    expect(served).toEqual([]);
    expect(pngSize(foreign)).toEqual({ width: 1200, height: 630 });
  });

  it('cuts a long title at a word', () => {
    const pieces = drawable('word '.repeat(100), 40);
    const text = pieces.map((p) => ('text' in p ? p.text : '')).join('');
    expect(text.length).toBeLessThanOrEqual(41);
    expect(text.endsWith('word…')).toBe(true);
  });
});
