import crypto from 'node:crypto';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { invalidParam } from '../errors.ts';
import { type FileStore, localFileStore } from './file-store.ts';

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

const stores = new Map<string, FileStore>();

/**
 * The store of the uploaded files of the API whose DATA_DIR is `dataDir` (file-store.ts): its
 * `files` directory. The one place that chooses the store: an object store would be chosen
 * here, by configuration, and every route would use it unchanged.
 */
export function fileStore(dataDir: string): FileStore {
  let store = stores.get(dataDir);
  if (!store) stores.set(dataDir, (store = localFileStore(filesDir(dataDir))));
  return store;
}

/** The folder of a stored image's files in the store. */
function imageName(key: string): string {
  const [id] = key.split('.');
  if (!/^[a-z0-9-]+$/.test(id!)) throw new Error(`bad image key ${key}`);
  return `img/${id!}`;
}

function sizeName(key: string, size: Size): string {
  const [, ext] = key.split('.');
  return `${imageName(key)}/${size}.${ext}`;
}

/** The bytes of one size of a stored image; null when it has none. */
export function readImage(dataDir: string, key: string, size: Size): Promise<Buffer | null> {
  return fileStore(dataDir).read(sizeName(key, size));
}

export function imageExists(dataDir: string, key: string): Promise<boolean> {
  return fileStore(dataDir).exists(sizeName(key, 'original'));
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
  const store = fileStore(dataDir);
  let sized: Buffer[];
  try {
    sized = await Promise.all(
      SIZES.map(async (size) => {
        let img = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS }).rotate();
        if (size === '50sq') img = img.resize(50, 50, { fit: 'cover' });
        else if (size !== 'original')
          img = img.resize({ width: Number(size), height: Number(size), fit: 'inside', withoutEnlargement: true });
        if (ext === 'jpg') img = img.jpeg({ quality: size === 'original' ? 90 : 82, mozjpeg: true });
        return img.toBuffer();
      }),
    );
  } catch {
    throw invalidParam(fieldName, 'is not a readable image');
  }
  await writeAll(
    store,
    key,
    SIZES.map((size, i) => [size, sized[i]!]),
  );
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
  const store = fileStore(dataDir);
  const source = await store.read(sizeName(sourceKey, 'original'));
  if (!source) throw new Error(`image ${sourceKey} has no stored original`);
  const sized = await Promise.all(
    Object.entries(PROFILE_PICTURE_SIZES).map(async ([size, px]) => {
      let img = sharp(source, { limitInputPixels: MAX_PIXELS })
        .extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size })
        .resize(px, px);
      if (ext === 'jpg') img = img.jpeg({ quality: 82, mozjpeg: true });
      return [size as Size, await img.toBuffer()] as const;
    }),
  );
  await writeAll(store, key, [['original', source], ...sized]);
  return { key, width: crop.size, height: crop.size };
}

/** Writes an image's sizes; when one cannot be written, none stays. */
async function writeAll(store: FileStore, key: string, sizes: (readonly [Size, Buffer])[]): Promise<void> {
  try {
    await Promise.all(sizes.map(([size, bytes]) => store.write(sizeName(key, size), bytes)));
  } catch (err) {
    await store.removeAll(imageName(key));
    throw err;
  }
}

export async function deleteImage(dataDir: string, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await fileStore(dataDir).removeAll(imageName(key));
}
