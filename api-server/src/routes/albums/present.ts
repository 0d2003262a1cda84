import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { pick } from '../../http/fields.ts';
import { presentItemSocial, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { getCategories } from '../../domain/options.ts';
import { getOwnerSummaries, missingOwner } from '../../domain/owners.ts';
import type { Viewer } from '../../domain/privacy.ts';
import { imageUrl } from '../../storage/images.ts';
import type { AlbumStatsRow } from '../../data/albums.ts';
import { albumRights } from './access.ts';

export const ALBUM_LIST_FIELDS = ['id', 'type', 'thumb', 'title', 'description', 'owner', 'total_photo'] as const;
export const ALBUM_DETAIL_FIELDS = [...ALBUM_LIST_FIELDS, 'can_upload', 'can_editphotos', 'can_edit', 'can_delete', 'photos'] as const;

/**
 * Fields beyond the spec, given only when asked for by name (docs/api.md, "Extensions": Albums and
 * photos): an album's category in lists and the detail, and in lists its detail's can_upload (a
 * photo's "Move" offers the albums one may add to from one list, not a detail per album); in the
 * detail also the social fields an activity has and, for its owner alone, the settings an edit form
 * shows (allow_search, auth_view, auth_comment, auth_tag).
 */
const LIST_EXTENSION_FIELDS = ['category'] as const;
const OWNER_SETTINGS = ['allow_search', 'auth_view', 'auth_comment', 'auth_tag'] as const;
export const ALBUM_LIST_ALLOWED = [...ALBUM_LIST_FIELDS, ...LIST_EXTENSION_FIELDS, 'can_upload'] as const;
export const ALBUM_DETAIL_ALLOWED = [...ALBUM_DETAIL_FIELDS, ...LIST_EXTENSION_FIELDS, ...OWNER_SETTINGS, ...SOCIAL_FIELDS] as const;
export type AlbumField = (typeof ALBUM_DETAIL_ALLOWED)[number];
export const PHOTO_STUB_FIELDS = ['id', 'type', 'thumb'] as const;
/**
 * A photo's original pixels (extension, docs/api.md, "Extensions": Picture sizes and descriptions):
 * given only when named in its `fields`.
 */
export const PICTURE_SIZE_FIELDS = ['width', 'height'] as const;
/**
 * What `photo_fields` may name: the spec's stub, the photo's size and (extension) its title and
 * description, so that an album's grid can give each thumbnail its alt text.
 */
export const PHOTO_STUB_ALLOWED = [...PHOTO_STUB_FIELDS, ...PICTURE_SIZE_FIELDS, 'title', 'description'] as const;

/** Thumbnails of albums and photos; the viewer's picture (`img`) is the original. */
const THUMB_SIZE = '240';

export const thumbUrl = (config: Config, key: string | null | undefined): string =>
  key ? imageUrl(config.publicUrl, key, THUMB_SIZE) : '';

/** Albums as the spec's Album (list or detail, without `photos`), with only the fields asked for. */
export async function presentAlbums(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly AlbumStatsRow[],
  fields: readonly AlbumField[],
): Promise<Array<Record<string, unknown>>> {
  const [owners, categories, social] = await Promise.all([
    fields.includes('owner')
      ? getOwnerSummaries(
          db,
          config,
          rows.map((r) => r.owner_id),
        )
      : new Map(),
    fields.includes('category')
      ? getCategories(
          db,
          rows.map((r) => r.category_id),
        )
      : undefined,
    presentItemSocial(
      db,
      config,
      viewer,
      'album',
      rows.map((r) => r.id),
      fields,
    ),
  ]);
  return rows.map((r) => {
    const mine = viewer.userId !== null && viewer.userId === r.owner_id;
    const full: Record<string, unknown> = {
      id: r.id,
      type: 'album',
      thumb: thumbUrl(config, r.thumb_key),
      title: r.title,
      description: r.description,
      owner: owners.get(r.owner_id) ?? missingOwner(config, r.owner_id),
      total_photo: Number(r.total_photo),
      ...albumRights(viewer, r),
      category: (r.category_id !== null && categories?.get(r.category_id)) || null,
      ...social.get(r.id),
      ...(mine ? { allow_search: r.allow_search, auth_view: r.auth_view, auth_comment: r.auth_comment, auth_tag: r.auth_tag } : {}),
    };
    return pick(full, fields);
  });
}

export interface PhotoStub {
  id: number;
  type: 'album_photo';
  thumb: string;
  width: number;
  height: number;
  title: string;
  description: string;
}

export const photoStub = (
  config: Config,
  p: { id: number; image_key: string; width: number; height: number; title: string; description: string },
): PhotoStub => ({
  id: p.id,
  type: 'album_photo',
  thumb: thumbUrl(config, p.image_key),
  width: p.width,
  height: p.height,
  title: p.title,
  description: p.description,
});
