import type { DB } from '../db/index.ts';

// Albums and their photos as the routes read and write them (tables `albums`, `photos`, and the
// pending uploads of the composer). The writes every way a photo arrives shares stay in
// domain/albums.ts, who may see a photo in domain/photo-privacy.ts.

/** The photos `ids` with their files' key and size (a message's photo attachment). */
export function listPhotosByIds(db: DB, ids: number[]) {
  return db.selectFrom('photos').select(['id', 'title', 'description', 'image_key', 'width', 'height']).where('id', 'in', ids).execute();
}

/** Whether `photoId` is a photo `ownerId` uploaded to send in a message (album kind `message`). */
export async function isOwnMessagePhoto(db: DB, { photoId, ownerId }: { photoId: number; ownerId: number }): Promise<boolean> {
  const photo = await db
    .selectFrom('photos as p')
    .innerJoin('albums as a', 'a.id', 'p.album_id')
    .select('p.id')
    .where('p.id', '=', photoId)
    .where('p.owner_id', '=', ownerId)
    .where('a.kind', '=', 'message')
    .executeTakeFirst();
  return photo !== undefined;
}
