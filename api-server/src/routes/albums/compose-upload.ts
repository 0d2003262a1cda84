import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { invalidParam, missingParam } from '../../errors.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, imageUrl, storeImage } from '../../storage/images.ts';
import { insertPhoto, ownSpecialAlbumId } from '../../domain/albums.ts';
import { transact } from '../../db/dialect.ts';
import { touchAlbum } from '../../data/albums.ts';
import type { Infer } from '../../http/schemas.ts';

/** compose_upload types, each with the special album its photos go into (albums.kind = type). */
export const SPECIAL_ALBUMS = {
  wall: 'Wall Photos',
  profile: 'Profile Pictures',
  message: 'Message Photos',
  blog: 'Blog Photos',
  forum: 'Forum Photos',
  group: 'Group Photos',
  event: 'Event Photos',
} as const;
export type SpecialAlbumKind = keyof typeof SPECIAL_ALBUMS;

/**
 * The special albums only their owner sees. A message's photos belong to a private conversation;
 * a blog's, an event's or a forum post's are shown by their address in what they were written for,
 * whoever that is for (a draft, a private blog), and the album must not show them to anyone sooner
 * (migration 038). Wall and group photos are seen through the posts that show them (domain/photo-privacy.ts).
 */
const OWN_ALBUMS: ReadonlySet<SpecialAlbumKind> = new Set(['message', 'blog', 'event', 'forum']);

/** The user's special album of that kind, made on first use (in the caller's transaction). */
export function specialAlbumId(db: DB, ownerId: number, kind: SpecialAlbumKind, t = now()): Promise<number> {
  return ownSpecialAlbumId(db, ownerId, kind, SPECIAL_ALBUMS[kind], OWN_ALBUMS.has(kind), t);
}

const composeUpload = {
  type: 'object',
  properties: {
    Filedata: {},
    type: { type: 'string', enum: Object.keys(SPECIAL_ALBUMS) as SpecialAlbumKind[], default: 'wall' },
  },
  required: ['Filedata'],
} as const;

export default async function composeUploadRoutes(app: FastifyInstance): Promise<void> {
  // A picture for something being written (a post, a message, a blog...): stored at once in
  // the user's special album of that type, so the post can then attach it by photo_id.
  app.post<{ Body: Infer<typeof composeUpload> }>(
    '/compose_upload',
    {
      config: { files: ['Filedata'] },
      schema: {
        summary: 'Upload a photo for a post, a message or a profile picture',
        body: composeUpload,
      },
    },
    async (req) => {
      const me = userOf(req);
      const { Filedata: file, type = 'wall' } = req.body;
      if (file === undefined) throw missingParam('Filedata');
      if (!Buffer.isBuffer(file)) throw invalidParam('Filedata', 'must be a file part');
      // storeImage recognises the format by its bytes (never by name or declared type).
      const img = await storeImage(app.config.dataDir, file, 'Filedata');
      try {
        const ids = await transact(app.db, async (trx) => {
          const albumId = await specialAlbumId(trx, me, type);
          const t = now();
          const photoId = await insertPhoto(trx, me, albumId, img, t);
          await touchAlbum(trx, albumId, t);
          return { photoId, albumId };
        });
        return {
          success: true,
          data: {
            message: 'The photo was uploaded.',
            photo_id: ids.photoId,
            album_id: ids.albumId,
            src: imageUrl(app.config.publicUrl, img.key, '500'),
          },
        };
      } catch (err) {
        await deleteImage(app.config.dataDir, img.key);
        throw err;
      }
    },
  );
}
