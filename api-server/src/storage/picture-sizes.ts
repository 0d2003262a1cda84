import sharp from 'sharp';
import type { DB } from '../db/types.ts';
import { readImage } from './images.ts';

/** The pixels of a stored image's original; undefined when its file is missing or unreadable. */
async function storedImageSize(dataDir: string, key: string): Promise<{ width: number; height: number } | undefined> {
  try {
    // The stored original was turned upright when it was stored (storeImage's rotate()), so its
    // own width and height are the size it shows at; its EXIF orientation is gone.
    const original = await readImage(dataDir, key, 'original');
    if (!original) return undefined;
    const meta = await sharp(original).metadata();
    const height = meta.pageHeight ?? meta.height;
    return meta.width && height ? { width: meta.width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fills the sizes migration 012 added for pictures stored before it: a listing's photos and an
 * event's picture, read from their files. A row whose file cannot be read keeps null (the API
 * then leaves its size out, and a client reserves a fixed box) and is tried again at the next
 * start. Cheap when there is nothing to fill: one indexed-free query per table on null columns.
 */
export async function fillPictureSizes(db: DB, dataDir: string): Promise<void> {
  const photos = await db.selectFrom('classified_photos').select(['id', 'image_key']).where('width', 'is', null).execute();
  for (const p of photos) {
    const size = await storedImageSize(dataDir, p.image_key);
    if (size) await db.updateTable('classified_photos').set(size).where('id', '=', p.id).execute();
  }
  const events = await db
    .selectFrom('events')
    .select(['id', 'image_key'])
    .where('image_key', 'is not', null)
    .where('image_width', 'is', null)
    .execute();
  for (const e of events) {
    const size = await storedImageSize(dataDir, e.image_key!);
    if (size) await db.updateTable('events').set({ image_width: size.width, image_height: size.height }).where('id', '=', e.id).execute();
  }
}
