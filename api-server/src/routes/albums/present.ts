import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { pick } from '../../http/fields.ts';
import { getOwnerSummaries, missingOwner } from '../../domain/owners.ts';
import type { Viewer } from '../../domain/privacy.ts';
import { imageUrl } from '../../storage/images.ts';
import { albumRights, type AlbumRow } from './access.ts';

export const ALBUM_LIST_FIELDS = ['id', 'type', 'thumb', 'title', 'description', 'owner', 'total_photo'] as const;
export const ALBUM_DETAIL_FIELDS = [...ALBUM_LIST_FIELDS, 'can_upload', 'can_editphotos', 'can_edit', 'can_delete', 'photos'] as const;
export type AlbumField = (typeof ALBUM_DETAIL_FIELDS)[number];
export const PHOTO_STUB_FIELDS = ['id', 'type', 'thumb'] as const;

/** Thumbnails of albums and photos; the viewer's picture (`img`) is the original. */
export const THUMB_SIZE = '240';

export const thumbUrl = (config: Config, key: string | null | undefined): string =>
  key ? imageUrl(config.publicUrl, key, THUMB_SIZE) : '';

export type AlbumStatsRow = AlbumRow & { thumb_key: string | null; total_photo: number };

/**
 * `albums as a` with what every presentation needs, in the same query: the picture of its
 * thumb (the cover, or the newest photo when it has no cover) and its number of photos.
 */
export function selectAlbumsWithStats(db: DB) {
  return db
    .selectFrom('albums as a')
    .selectAll('a')
    .select([
      sql<string | null>`coalesce(
        (select c.image_key from photos c where c.id = a.cover_photo_id and c.album_id = a.id),
        (select l.image_key from photos l where l.album_id = a.id order by l.id desc limit 1))`.as('thumb_key'),
      sql<number>`(select count(*) from photos n where n.album_id = a.id)`.as('total_photo'),
    ]);
}

/** Albums as the spec's Album (list or detail, without `photos`), with only the fields asked for. */
export async function presentAlbums(
  db: DB, config: Config, viewer: Viewer, rows: readonly AlbumStatsRow[], fields: readonly AlbumField[],
): Promise<Array<Record<string, unknown>>> {
  const owners = fields.includes('owner') ? await getOwnerSummaries(db, config, rows.map((r) => r.owner_id)) : new Map();
  return rows.map((r) => {
    const full: Record<string, unknown> = {
      id: r.id,
      type: 'album',
      thumb: thumbUrl(config, r.thumb_key),
      title: r.title,
      description: r.description,
      owner: owners.get(r.owner_id) ?? missingOwner(config, r.owner_id),
      total_photo: Number(r.total_photo),
      ...albumRights(viewer, r),
    };
    return pick(full, fields);
  });
}

export interface PhotoStub {
  id: number;
  type: 'album_photo';
  thumb: string;
}

export const photoStub = (config: Config, p: { id: number; image_key: string }): PhotoStub =>
  ({ id: p.id, type: 'album_photo', thumb: thumbUrl(config, p.image_key) });
