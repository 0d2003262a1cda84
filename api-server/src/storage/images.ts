import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { invalidParam } from '../errors.ts';

/** Formats accepted for upload, recognised by their bytes, never by file name or declared type. */
const FORMATS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;

/** Widths made of every image (fit inside, never enlarged); '50sq' is a 50×50 crop for icons. */
export const SIZES = ['50sq', '75', '100', '120', '150', '240', '500', '1024', 'original'] as const;
export type Size = (typeof SIZES)[number];

// Refuse decompression bombs: a 20 MB upload can otherwise claim gigabytes of pixels.
const MAX_PIXELS = 40_000_000;

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

function imageDir(dataDir: string, key: string): string {
  const [id] = key.split('.');
  if (!/^[a-z0-9-]+$/.test(id!)) throw new Error(`bad image key ${key}`);
  return path.join(filesDir(dataDir), 'img', id!);
}

/** The file of one size of a stored image. */
export function imageFile(dataDir: string, key: string, size: Size): string {
  const [, ext] = key.split('.');
  return path.join(imageDir(dataDir, key), `${size}.${ext}`);
}

export function imageUrl(publicUrl: string, key: string, size: Size): string {
  const [id, ext] = key.split('.');
  return `${publicUrl}/files/img/${id}/${size}.${ext}`;
}

/** Sniffs, decodes and re-encodes an upload in every size (which also drops EXIF, GPS included). */
export async function storeImage(dataDir: string, bytes: Buffer, fieldName = 'Filedata', fixedId?: string): Promise<StoredImage> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && FORMATS[type.mime as keyof typeof FORMATS];
  if (!ext) throw invalidParam(fieldName, 'must be a JPEG, PNG, GIF or WebP image');
  const animated = ext === 'gif' || ext === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw invalidParam(fieldName, 'is not a readable image');
  }
  const key = `${fixedId ?? crypto.randomBytes(16).toString('hex')}.${ext}`;
  const dir = imageDir(dataDir, key);
  await fs.mkdir(dir, { recursive: true });
  try {
    await Promise.all(
      SIZES.map(async (size) => {
        let img = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS }).rotate();
        if (size === '50sq') img = img.resize(50, 50, { fit: 'cover' });
        else if (size !== 'original')
          img = img.resize({ width: Number(size), height: Number(size), fit: 'inside', withoutEnlargement: true });
        if (ext === 'jpg') img = img.jpeg({ quality: size === 'original' ? 90 : 82, mozjpeg: true });
        await img.toFile(path.join(dir, `${size}.${ext}`));
      }),
    );
  } catch {
    await fs.rm(dir, { recursive: true, force: true });
    throw invalidParam(fieldName, 'is not a readable image');
  }
  // Orientation 5–8 means the stored image is the source rotated by 90°.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  return { key, width: rotated ? height : width, height: rotated ? width : height };
}

/** A square in the pixels of an image's original (its stored `original`, already upright). */
export interface SquareCrop {
  x: number;
  y: number;
  size: number;
}

/** The sizes of a profile picture the owner summary names (icon, normal, profile): squares of these many pixels. */
const PROFILE_PICTURE_SIZES = { '50sq': 50, '120': 120, '240': 240 } as const satisfies Partial<Record<Size, number>>;

/**
 * A profile picture cut from a stored image: its icon, normal and profile sizes made from the
 * square `crop` (enlarged when the crop is smaller than a size), and the image's original kept
 * whole as its `original`. It is stored under a new key, so that its URLs are new and no cache
 * shows the picture it replaces.
 */
export async function storeProfilePicture(dataDir: string, sourceKey: string, crop: SquareCrop): Promise<StoredImage> {
  const [, ext] = sourceKey.split('.');
  const key = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  const dir = imageDir(dataDir, key);
  const source = imageFile(dataDir, sourceKey, 'original');
  await fs.mkdir(dir, { recursive: true });
  try {
    await fs.copyFile(source, path.join(dir, `original.${ext}`));
    await Promise.all(
      Object.entries(PROFILE_PICTURE_SIZES).map(async ([size, px]) => {
        let img = sharp(source, { limitInputPixels: MAX_PIXELS })
          .extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size })
          .resize(px, px);
        if (ext === 'jpg') img = img.jpeg({ quality: 82, mozjpeg: true });
        await img.toFile(path.join(dir, `${size}.${ext}`));
      }),
    );
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { key, width: crop.size, height: crop.size };
}

export async function deleteImage(dataDir: string, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await fs.rm(imageDir(dataDir, key), { recursive: true, force: true });
}
