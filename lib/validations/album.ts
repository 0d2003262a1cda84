// zod/mini: these schemas run in the browser too (react-hook-form's resolver), where the full
// zod would cost a page about 40 KB of gzipped JavaScript.
import * as z from 'zod/mini';

// An album's settings (a new album on the "Add photos" page, an album's "Edit" form) and the
// adding of uploaded photos to an album, one schema each. The browser checks with them before
// sending; the server actions check again with the same schemas.

/** The API's limits (api-server/src/routes/albums/album.ts). */
export const ALBUM_TITLE_MAX = 255;
export const ALBUM_DESCRIPTION_MAX = 5000;
/** Most photos one POST /albums/upload takes (the api-server's limit). */
export const PHOTOS_PER_SAVE_MAX = 100;

const id = z.number().check(z.int(), z.positive());
/** A privacy option's id, as the album option endpoints give them. */
const option = z.string().check(z.trim(), z.minLength(1, 'Choose who this applies to.'), z.maxLength(64));

export const albumSettingsSchema = z.object({
  title: z.string().check(
    z.trim(),
    z.minLength(1, 'Give the album a title.'),
    z.maxLength(ALBUM_TITLE_MAX, `Keep the title under ${ALBUM_TITLE_MAX} characters.`),
  ),
  /** '' (or 0 from the server) for no category. */
  categoryId: z.string().check(z.regex(/^(|0|[1-9]\d{0,15})$/, 'Choose a category from the list.')),
  description: z.string().check(z.trim(), z.maxLength(ALBUM_DESCRIPTION_MAX, `Keep the description under ${ALBUM_DESCRIPTION_MAX} characters.`)),
  authView: option,
  authComment: option,
  authTag: option,
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
 * Uploaded photos (in the order they go in) into an album one may add to (`albumId`), or into a
 * new album (`album`): one of the two.
 */
export const albumUploadSaveSchema = z
  .object({ photoIds, albumId: z.optional(id), album: z.optional(albumSettingsSchema) })
  .check(
    z.refine((v) => (v.albumId === undefined) !== (v.album === undefined), {
      message: 'Choose the album the photos go into, or make a new one.',
      path: ['form'],
    }),
  );
export type AlbumUploadSaveInput = z.input<typeof albumUploadSaveSchema>;

/** Issues of albumUploadSaveSchema under the page's names: album settings by field, `photos`, else `form`. */
export function albumUploadSaveErrors(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, field] = issue.path;
    const key = head === 'album' && field !== undefined ? String(field) : head === 'photoIds' ? 'photos' : 'form';
    out[key] ??= issue.message;
  }
  return out;
}

export { fieldErrorsOf } from './field-errors.ts';

/** The API's names of an album's settings (POST /albums/{id}; album[…] on POST /albums/upload), and the form's. */
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
 * The API's field errors under the form's field names: `title` or `album[title]` → `title`…,
 * `photo_ids` → `photos`; anything else (album_id) goes to `form`.
 */
export function toAlbumFieldErrors(apiFieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(apiFieldErrors)) {
    const bare = /^album\[(\w+)\]$/.exec(name)?.[1] ?? name;
    const field = SETTINGS_FIELD_NAMES[bare] ?? (bare === 'photo_ids' ? 'photos' : 'form');
    out[field] = out[field] ? `${out[field]}; ${message}` : message;
  }
  return out;
}
