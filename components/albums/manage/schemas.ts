// zod/mini: these run in the browser (react-hook-form's resolver) and again in the server actions.
import * as z from 'zod/mini';
import { albumSettingsSchema, ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from '@/lib/validations/album';

// Managing an album and its photos. The document's album detail does not tell an album's
// category, privacy or search setting (ours does: README, "Extensions"); against a server that
// does not, those fields of the edit form start at "Keep as it is" and only what the owner
// changes is sent (POST /albums/{id} takes any subset).

/** The most photos one reorder takes (POST /albums/{id}/order: README, "Extensions"). */
export const REORDER_MAX = 2000;

/** "Keep as it is": the field is not sent. */
export const KEEP = 'keep';

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

const idField = z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER));
export const idSchema = idField;

export const photoMoveSchema = z.object({
  albumId: z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Choose the album the photo goes to.')),
});
export type PhotoMoveValues = z.infer<typeof photoMoveSchema>;

/** The API's names of a photo's fields, and the form's. */
export function toPhotoFieldErrors(api: Record<string, string>): Record<string, string> {
  const names: Record<string, string> = { title: 'title', description: 'caption', album_id: 'albumId' };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(api)) out[names[k] ?? 'form'] = v;
  return out;
}
