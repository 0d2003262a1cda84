import * as z from 'zod/mini';
import type { ActionResult } from '@/lib/action-result';
import { failure, invalid } from '@/lib/server-action';
import { editPhoto, getPhotoSize } from '@/lib/social-api/albums';
import { isApiError, isMissingScope } from '@/lib/social-api/errors';
import { getMe, setProfilePhoto, type Me } from '@/lib/social-api/users';
import { PHOTO_DESCRIPTION_MAX } from '@/lib/validations/photo-file';
import { idSchema } from '@/lib/validations/ids';
import { fromFractions, MIN_CROP_PX } from './crop.ts';

// "Make profile photo" (POST /users/me/photo, an extension: docs/api.md, "Extensions": Profile
// picture), given an access token. The crop dialog sends its square as fractions of the picture it
// showed (which may be a smaller copy); here they become whole pixels of the photo's original,
// which the API checks again.

const fraction = z.number().check(z.gte(0), z.lte(1));

const profilePhotoSchema = z.object({
  photoId: idSchema,
  crop: z.object({ x: fraction, y: fraction, size: z.number().check(z.gt(0), z.lte(1)) }),
  /** What the picture shows, for those who cannot see it ('' keeps the photo's own). */
  description: z.optional(
    z.string().check(z.trim(), z.maxLength(PHOTO_DESCRIPTION_MAX, `Keep the description under ${PHOTO_DESCRIPTION_MAX} characters.`)),
  ),
});

export type ProfilePhotoAnswer = { me: Pick<Me, 'id' | 'name' | 'image' | 'picture'> };

const GONE = 'That photo is no longer there. Choose another one.';
const NO_SCOPE = 'Your sign-in does not let this site change your picture yet: sign out, sign in again and allow it, then try once more.';

/** Makes the crop of the photo the reader's picture; answers who they now are (name and pictures). */
export async function profilePhotoCommand(token: string, input: unknown): Promise<ActionResult<ProfilePhotoAnswer>> {
  const parsed = profilePhotoSchema.safeParse(input);
  if (!parsed.success) {
    const description = parsed.error.issues.find((i) => i.path[0] === 'description');
    return description ? { ok: false, message: description.message, fieldErrors: { description: description.message } } : invalid();
  }
  const { photoId, crop, description } = parsed.data;
  try {
    const size = await getPhotoSize(token, photoId);
    if (!size) return { ok: false, message: GONE };
    const pixels = fromFractions(crop, size);
    if (pixels.size < MIN_CROP_PX) {
      return { ok: false, message: `The square must be at least ${MIN_CROP_PX} pixels of the photo: make the frame larger.` };
    }
    const kept = await setProfilePhoto(token, photoId, pixels);
    if (description) await editPhoto(token, kept.photoId, { caption: description });
    const me = await getMe(token);
    return {
      ok: true,
      message: 'Your profile picture was changed.',
      data: { me: { id: me.id, name: me.name, image: me.image, picture: me.picture } },
    };
  } catch (e) {
    if (isApiError(e, 404)) return { ok: false, message: GONE };
    // A session from before the web client asked for the settings scope.
    if (isMissingScope(e)) return { ok: false, message: NO_SCOPE };
    return failure(e);
  }
}
