import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.ts';
import { filesDir, SIZES, storeImage } from '../../src/storage/images.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const stored = (key: string, size: string) => {
  const [id, ext] = key.split('.');
  return path.join(filesDir(dataDir), 'img', id!, `${size}.${ext}`);
};

async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T1' },
      // GPS IFD: latitude/longitude of where the picture was taken.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .toBuffer();
}

describe('storeImage', () => {
  it('drops EXIF, location included, from every stored size', async () => {
    const input = await photoWithLocation();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const img = await storeImage(dataDir, input);
    for (const size of SIZES) {
      const meta = await sharp(stored(img.key, size)).metadata();
      expect(meta.exif, size).toBeUndefined();
      expect(fs.readFileSync(stored(img.key, size)).includes(Buffer.from('TestCam')), size).toBe(false);
    }
  });

  it('makes every size, never enlarging, and a 50×50 square', async () => {
    const img = await storeImage(dataDir, await photoWithLocation());
    expect([img.width, img.height]).toEqual([1600, 1200]);
    expect((await sharp(stored(img.key, '1024')).metadata()).width).toBe(1024);
    expect((await sharp(stored(img.key, '240')).metadata()).width).toBe(240);
    expect((await sharp(stored(img.key, 'original')).metadata()).width).toBe(1600);
    const square = await sharp(stored(img.key, '50sq')).metadata();
    expect([square.width, square.height]).toEqual([50, 50]);
    const small = await storeImage(
      dataDir,
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect((await sharp(stored(small.key, '1024')).metadata()).width).toBe(80);
  });

  it('refuses bytes that are not an image whatever they claim, naming the field', async () => {
    const err = await storeImage(dataDir, Buffer.from('GIF89a but really text'), 'photo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).params).toEqual([{ name: 'photo', message: expect.any(String), error_text: 'invalid_parameter' }]);
  });
});
