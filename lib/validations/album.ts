// zod/mini: these schemas run in the browser too (react-hook-form's resolver), where the full
// zod would cost a page about 40 KB of gzipped JavaScript.
import * as z from 'zod/mini';
import { privacyOptionSchema, titleSchema } from './fields.ts';
import { apiFieldErrorsReader, nestedFieldErrorsOf } from './field-errors.ts';
import { idSchema as id } from './ids.ts';
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX, KEEP } from './limits.ts';
import { PHOTO_DESCRIPTION_MAX } from './photo-file.ts';

// An album's settings (a new album on the "Add photos" page), the adding of uploaded photos to an
// album, and the owner's changes to an album and its photos (edit, move), one schema each. The
// browser checks with them before sending; the server actions check again with the same schemas.

/** Most photos one POST /albums/upload takes (the api-server's limit). */
const PHOTOS_PER_SAVE_MAX = 100;

export const albumSettingsSchema = z.object({
  title: titleSchema(ALBUM_TITLE_MAX, 'Give the album a title.'),
  /** '' (or 0 from the server) for no category. */
  categoryId: z.string().check(z.regex(/^(|0|[1-9]\d{0,15})$/, 'Choose a category from the list.')),
  description: z
    .string()
    .check(z.trim(), z.maxLength(ALBUM_DESCRIPTION_MAX, `Keep the description under ${ALBUM_DESCRIPTION_MAX} characters.`)),
  authView: privacyOptionSchema,
  authComment: privacyOptionSchema,
  authTag: privacyOptionSchema,
  /** Shown in search results and other people's lists of albums. */
  searchable: z.boolean(),
});
export type AlbumSettingsValues = z.infer<typeof albumSettingsSchema>;

const photoIds = z.array(id).check(
  z.minLength(1, 'Add at least one photo.'),
  z.maxLength(PHOTOS_PER_SAVE_MAX, `An album takes at most ${PHOTOS_PER_SAVE_MAX} photos at a time: save these, then add the rest.`),
  z.refine((ids) => new Set(ids).size === ids.length, 'A photo is listed twice.'),
);

/**
 * Uploaded photos (in the order they go in) into an album one may add to (`albumId`), into a
 * new album (`album`), or into a group's album (`groupId`): one of the three.
 */
/** Each photo's description, in the order of `photoIds` ('' for none). */
const descriptions = z.array(
  z.string().check(z.trim(), z.maxLength(PHOTO_DESCRIPTION_MAX, `Keep each description under ${PHOTO_DESCRIPTION_MAX} characters.`)),
);

export const albumUploadSaveSchema = z
  .object({
    photoIds,
    descriptions: z.optional(descriptions),
    albumId: z.optional(id),
    album: z.optional(albumSettingsSchema),
    /** A group's album (POST /groups/photos: docs/api.md, "Groups": photos). */
    groupId: z.optional(id),
  })
  .check(
    z.refine((v) => !v.descriptions || v.descriptions.length === v.photoIds.length, {
      message: 'Each photo has one description.',
      path: ['photoIds'],
    }),
    z.refine((v) => [v.albumId, v.album, v.groupId].filter((x) => x !== undefined).length === 1, {
      message: 'Choose the album the photos go into, or make a new one.',
      path: ['form'],
    }),
  );
export type AlbumUploadSaveInput = z.input<typeof albumUploadSaveSchema>;

/** Issues of albumUploadSaveSchema under the page's names: album settings by field, `photos`, else `form`. */
export const albumUploadSaveErrors = (error: Parameters<typeof nestedFieldErrorsOf>[0]) =>
  nestedFieldErrorsOf(error, 'album', { photoIds: 'photos' });

/** The API's names of an album's settings (POST /albums/{id}), and the form's. */
const SETTINGS_FIELD_NAMES: Record<string, keyof AlbumSettingsValues> = {
  title: 'title',
  category_id: 'categoryId',
  description: 'description',
  auth_view: 'authView',
  auth_comment: 'authComment',
  auth_tag: 'authTag',
  allow_search: 'searchable',
};

/**
 * The API's field errors under the form's field names: `title` or `album[title]` (a new album's,
 * POST /albums/upload) → `title`…, `photo_ids` → `photos`; anything else (album_id) goes to `form`.
 */
export const toAlbumFieldErrors = apiFieldErrorsReader<keyof AlbumSettingsValues | 'photos'>({
  ...SETTINGS_FIELD_NAMES,
  ...Object.fromEntries(Object.entries(SETTINGS_FIELD_NAMES).map(([api, field]) => [`album[${api}]`, field])),
  photo_ids: 'photos',
  // POST /groups/photos names its uploads `ids`.
  ids: 'photos',
});

// Managing an album and its photos. The document's album detail does not tell an album's category,
// privacy or search setting (ours does: docs/api.md, "Extensions": Albums and photos); against a
// server that does not, those fields of the edit form start at "Keep as it is" and only what the
// owner changes is sent (POST /albums/{id} takes any subset).

/** The most photos one reorder takes (POST /albums/{id}/order: docs/api.md, "Extensions": Album order). */
export const REORDER_MAX = 2000;

export const albumEditSchema = z.object({
  title: albumSettingsSchema.shape.title,
  description: albumSettingsSchema.shape.description,
  // Privacy: KEEP or an option's id.
  /** KEEP, '0' for no category, or a category id. */
  categoryId: z.string().check(z.regex(/^(keep|0|[1-9]\d{0,15})$/, 'Choose a category from the list.')),
  authView: albumSettingsSchema.shape.authView,
  authComment: albumSettingsSchema.shape.authComment,
  authTag: albumSettingsSchema.shape.authTag,
  searchable: z.enum([KEEP, 'show', 'hide'], 'Choose whether the album shows in searches.'),
});
export type AlbumEditValues = z.infer<typeof albumEditSchema>;

export const photoEditSchema = z.object({
  title: z.string().check(z.trim(), z.maxLength(ALBUM_TITLE_MAX, `Keep the title under ${ALBUM_TITLE_MAX} characters.`)),
  caption: z.string().check(z.trim(), z.maxLength(ALBUM_DESCRIPTION_MAX, `Keep the caption under ${ALBUM_DESCRIPTION_MAX} characters.`)),
});
export type PhotoEditValues = z.infer<typeof photoEditSchema>;

export const photoMoveSchema = z.object({
  albumId: z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Choose the album the photo goes to.')),
});
export type PhotoMoveValues = z.infer<typeof photoMoveSchema>;

/** The API's field errors of a photo's edit (POST /photos/{id}) under the edit and move forms' names. */
export const toPhotoFieldErrors = apiFieldErrorsReader<keyof PhotoEditValues | keyof PhotoMoveValues>({
  title: 'title',
  description: 'caption',
  album_id: 'albumId',
});
