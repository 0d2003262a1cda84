import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import sharp from 'sharp';
import { env } from '../env.ts';
import { withDeadline } from '#shared/net/deadline.ts';
import { site } from '../site.ts';
import { drawable, hasDrawable, type Piece } from './glyphs.ts';
import { PREVIEW_IMAGE, type PreviewCard } from './preview.ts';

// The generated preview image of an item (1200×630 PNG, Next's ImageResponse): its picture on
// the left when it has one, then what it is, its title, the line under it, and the site's
// name. Fonts come from lib/previews/fonts and emoji from @twemoji/svg (glyphs.ts): nothing
// is fetched but the item's own picture, and that only from the API's origin.

const FONT_DIR = path.join(process.cwd(), 'lib', 'previews', 'fonts');
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<Font[]> | undefined;

function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => {
        const file = await fs.readFile(path.join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`));
        // One family name per subset: satori looks for a missing glyph in the other families, not in
        // other files of the same family.
        return {
          name: `Noto Sans ${subset}`,
          data: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
          weight,
          style: 'normal' as const,
        };
      }),
    ),
  ).catch((e: unknown) => {
    fonts = undefined;
    throw e;
  });
  return fonts;
}

const PICTURE_WIDTH = 460;
/** The coloured edge of an image without a picture. */
const STRIPE = 24;
/** The largest picture read for an image (the API's originals are within its upload limit). */
const PICTURE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The item's picture, cropped to the image's left column, as a data: URL; '' when it has none,
 * when it is not on the API's origin (a link card's picture of another site is not fetched from
 * here), or when it cannot be read.
 */
export async function loadPicture(url: string): Promise<string> {
  if (!url) return '';
  const e = env();
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '';
  }
  if (u.origin !== e.apiOrigin) return '';
  try {
    // The picture's bytes, fetched and read within the time limit; null when it is not one to use.
    const picture = await withDeadline(e.API_TIMEOUT_MS, async (signal) => {
      const res = await fetch(u, { signal, redirect: 'error', cache: 'no-store' });
      if (!res.ok || !res.body) return null;
      if (Number(res.headers.get('content-length') ?? 0) > PICTURE_MAX_BYTES) return null;
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > PICTURE_MAX_BYTES) return null;
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    });
    if (!picture) return '';
    const jpeg = await sharp(picture, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_WIDTH, PREVIEW_IMAGE.height, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return '';
  }
}

/**
 * Words and emoji pictures, one flex item each, for a row that wraps between words. Called as a
 * function, not as a component: satori does not wrap the items of a fragment.
 */
function words(pieces: Piece[], size: number) {
  const parts: Array<{ word: string } | { svg: string }> = [];
  for (const p of pieces) {
    if ('svg' in p) parts.push({ svg: p.svg });
    else for (const word of p.text.split(' ')) if (word) parts.push({ word });
  }
  return parts.map((p, i) =>
    'svg' in p ? (
      <img key={i} src={p.svg} width={size} height={size} alt="" style={{ marginRight: size * 0.25, flexShrink: 0 }} />
    ) : (
      <span key={i} style={{ marginRight: size * 0.25, flexShrink: 0 }}>
        {p.word}
      </span>
    ),
  );
}

/** The PNG of an item's preview image (1200×630). */
export async function renderPreviewImage(card: PreviewCard): Promise<Buffer> {
  const [fontList, picture] = await Promise.all([loadFonts(), loadPicture(card.picture)]);
  let title = drawable(card.title, 110);
  // A title wholly in a script the fonts lack: the kind stands in for it.
  if (!hasDrawable(title)) title = drawable(card.kind);
  const subtitle = drawable(card.subtitle, 90);
  const kind = drawable(card.kind, 60);
  const length = title.reduce((n, p) => n + ('text' in p ? p.text.length : 2), 0);
  // Pixel widths: satori does not wrap a row of words inside a box sized in percent.
  const column = PREVIEW_IMAGE.width - (picture ? PICTURE_WIDTH : STRIPE);
  const titleSize = length <= 30 ? 68 : length <= 60 ? 56 : 46;

  const response = new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        backgroundColor: '#ffffff',
        fontFamily: SUBSETS.map((s) => `Noto Sans ${s}`).join(', '),
        color: '#0f172a',
      }}
    >
      {picture ? (
        <img src={picture} width={PICTURE_WIDTH} height={PREVIEW_IMAGE.height} alt="" style={{ objectFit: 'cover' }} />
      ) : (
        <div style={{ width: STRIPE, height: '100%', display: 'flex', backgroundColor: '#4f46e5' }} />
      )}
      <div style={{ width: column, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '56px 64px' }}>
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            fontSize: 28,
            fontWeight: 700,
            color: '#4f46e5',
            letterSpacing: 1,
          }}
        >
          {words(kind, 28)}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', width: column - 128 }}>
          <div
            style={{
              display: 'flex',
              width: column - 128,
              flexWrap: 'wrap',
              alignItems: 'center',
              fontSize: titleSize,
              fontWeight: 700,
              lineHeight: 1.15,
            }}
          >
            {words(title, titleSize)}
          </div>
          {subtitle.length ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', marginTop: 24, fontSize: 30, color: '#475569' }}>
              {words(subtitle, 30)}
            </div>
          ) : null}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 700 }}>
          <div style={{ width: 40, height: 40, borderRadius: 10, backgroundColor: '#4f46e5', marginRight: 16, display: 'flex' }} />
          {site.name}
        </div>
      </div>
    </div>,
    { ...PREVIEW_IMAGE, fonts: fontList },
  );
  return Buffer.from(await response.arrayBuffer());
}
