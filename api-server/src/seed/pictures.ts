import sharp from 'sharp';
import type { Rng } from './random.ts';

// Demo pictures are drawn as SVG and rasterised with sharp: no binary assets in the
// repository, no text (fonts differ between machines), and the same pixels everywhere.

const PALETTE = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4d7c0f', '#be185d', '#0f766e'];

/** A head and shoulders in `fg` on `bg`, 400×400. */
function silhouettePng(bg: string, fg: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="${bg}"/>
    <circle cx="200" cy="160" r="78" fill="${fg}"/>
    <path d="M60 400 C70 290 140 250 200 250 C260 250 330 290 340 400 Z" fill="${fg}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A profile picture: a coloured background with a head-and-shoulders silhouette. */
export async function avatarPng(index: number): Promise<Buffer> {
  return silhouettePng(PALETTE[index % PALETTE.length]!, index % 2 ? '#f8fafc' : '#fde68a');
}

/** The default picture for users who have none: a neutral silhouette. */
export async function defaultAvatarPng(): Promise<Buffer> {
  return silhouettePng('#cbd5e1', '#f1f5f9');
}

/** A landscape: sky gradient, a sun, and three mountain ranges in random colours. */
export async function landscapeJpeg(r: Rng, width = 1200, height = 800): Promise<Buffer> {
  const hue = r.int(0, 359);
  const sky1 = `hsl(${hue},70%,${r.int(55, 75)}%)`;
  const sky2 = `hsl(${(hue + 40) % 360},80%,${r.int(80, 92)}%)`;
  const ranges = [0, 1, 2].map((i) => {
    const base = height * (0.45 + i * 0.15);
    const pts: string[] = [`0,${height}`];
    for (let x = 0; x <= width; x += width / 8) pts.push(`${Math.round(x)},${Math.round(base - r.int(0, 160) + i * 20)}`);
    pts.push(`${width},${height}`);
    const light = 45 - i * 12;
    return `<polygon points="${pts.join(' ')}" fill="hsl(${(hue + 180 + i * 20) % 360},35%,${light}%)"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#s)"/>
    <circle cx="${r.int(150, width - 150)}" cy="${r.int(100, 260)}" r="${r.int(40, 90)}" fill="hsl(${(hue + 20) % 360},95%,88%)"/>
    ${ranges.join('\n')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
