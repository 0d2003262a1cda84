// zod/mini: these schemas run in the browser too (the playlist forms check before sending).
import * as z from 'zod/mini';
import { apiFieldErrorsReader, valuesFieldErrors } from './field-errors.ts';
import { privacyOptionSchema } from './fields.ts';
import { idSchema as id } from './ids.ts';

// A playlist's forms (docs/api.md, "Music"): creating one (/music/new), editing its settings
// (/music/{id}/edit), reordering its songs, deleting it or a song. The browser checks with these
// schemas before sending; the server actions and the song upload route check again with them.

/** The API's limits (api-server/src/routes/music/write.ts). */
export const PLAYLIST_TITLE_MAX = 255;
export const PLAYLIST_DESCRIPTION_MAX = 5000;
/** Most songs a playlist's order names at once (the API's). */
const PLAYLIST_ORDER_MAX = 1000;

export const playlistSettingsSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give your playlist a title.'),
      z.maxLength(PLAYLIST_TITLE_MAX, `Keep the title under ${PLAYLIST_TITLE_MAX} characters.`),
    ),
  /** Plain text. */
  description: z
    .string()
    .check(z.trim(), z.maxLength(PLAYLIST_DESCRIPTION_MAX, `Keep the description under ${PLAYLIST_DESCRIPTION_MAX} characters.`)),
  authView: privacyOptionSchema,
  authComment: privacyOptionSchema,
  /** Shown in other people's lists of playlists. */
  searchable: z.boolean(),
});
export type PlaylistSettingsValues = z.infer<typeof playlistSettingsSchema>;

export const playlistEditSchema = z.object({ id, values: playlistSettingsSchema });
export type PlaylistEditInput = z.input<typeof playlistEditSchema>;

export const playlistOrderSchema = z.object({
  id,
  songIds: z.array(id).check(z.minLength(1), z.maxLength(PLAYLIST_ORDER_MAX)),
});
export type PlaylistOrderInput = z.input<typeof playlistOrderSchema>;

/** A playlist, or a song, to delete (or a song whose play is counted). */
export const musicItemSchema = z.object({ id });
export type MusicItemInput = z.input<typeof musicItemSchema>;

/** The form's issues by field name (the edit's `values.title` is the form's `title`); anything else is `form`. */
export const playlistFieldErrors = valuesFieldErrors;

/** The API's field errors under the form's field names. */
export const toPlaylistFieldErrors = apiFieldErrorsReader<string>(
  {
    title: 'title',
    description: 'description',
    auth_view: 'authView',
    auth_comment: 'authComment',
    allow_search: 'searchable',
    search: 'searchable',
  },
  {
    nouns: {
      title: 'The title',
      description: 'The description',
      authView: 'Who can see it',
      authComment: 'Who can comment',
    },
  },
);
