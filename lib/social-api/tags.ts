import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { flag, id, lenientArray, num, str } from './primitives.ts';
import { createdSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// Tags of people on photos (spec: POST/DELETE /core/tags; reading them is our extension
// GET /core/tags, docs/api.md, "Extensions"). Areas are in the pixels of the photo's original image.

/** A tag's area in the original image's pixels. */
export interface TagBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PhotoTag {
  id: number;
  /** The member tagged; absent for a tag by text. */
  user?: Who;
  /** The text of a tag for someone who is not on the site ('' for a member's tag). */
  label: string;
  box: TagBox;
  canDelete: boolean;
}

const tagSchema = z.looseObject({
  id,
  user: ownerSchema.optional().catch(undefined),
  label: str,
  extra: z.looseObject({ x: num, y: num, w: num, h: num }),
  can_delete: flag,
});
const tagListSchema = lenientArray(tagSchema);

/**
 * The tags of a photo, in the order they were made; undefined when the API does not list tags
 * (isMissingExtension; our API's 404 for a photo the reader may not see means the same: none to show).
 */
export async function listPhotoTags(token: string, photoId: number): Promise<PhotoTag[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/core/tags', { token, query: { subject_type: 'photo', subject_id: photoId } });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return tagListSchema.parse(data).flatMap((t) => {
    const box = { x: t.extra.x, y: t.extra.y, w: t.extra.w, h: t.extra.h };
    if (box.w <= 0 || box.h <= 0) return [];
    const user = t.user ? who(reshapePerson(t.user)) : undefined;
    if (!user && !t.label.trim()) return [];
    return [{ id: t.id, user, label: user ? '' : t.label.trim(), box, canDelete: t.can_delete }];
  });
}

/** Who a new tag names: a member (by id) or a label for someone not on the site. */
export type TagTarget = { userId: number } | { label: string };

/** Tags a member or a label on a photo; answers the new tag's id. */
export async function addPhotoTag(token: string, photoId: number, box: TagBox, target: TagTarget): Promise<number> {
  const data = createdSchema.parse(
    (await apiFetch(apiConfig(), '/core/tags', {
      token,
      form: {
        subject_type: 'photo',
        subject_id: photoId,
        'extra[x]': box.x,
        'extra[y]': box.y,
        'extra[w]': box.w,
        'extra[h]': box.h,
        ...('userId' in target ? { user_id: target.userId } : { label: target.label }),
      },
    })) ?? {},
  );
  return data.id;
}

export async function removePhotoTag(token: string, photoId: number, tagId: number): Promise<void> {
  await apiFetch(apiConfig(), `/core/tags/${tagId}`, { method: 'DELETE', token, query: { subject_type: 'photo', subject_id: photoId } });
}
