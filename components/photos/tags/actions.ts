'use server';

import { failure, invalid, invalidFields, withSession, type ActionResult } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import { listFriends } from '@/lib/social-api/friends';
import { addPhotoTag, removePhotoTag } from '@/lib/social-api/tags';
import type { Who } from '@/lib/social-api/users';
import { idSchema } from '@/lib/validations/ids';
import { keywordsSchema, tagSchema, toTagFieldErrors, type TagValues } from '@/lib/validations/photo-tag';

// Tagging people on a photo. Each action checks its input again (the form's own schema); the
// API decides who may (can_tag on the photo, can_delete on the tag).

/** Friends whose name holds `keywords`, for the "Who is this?" combobox. */
export async function findFriends(keywords: string): Promise<ActionResult<Who[]>> {
  const k = keywordsSchema.safeParse(keywords);
  if (!k.success) return invalid();
  return withSession<Who[]>(async (s) => {
    try {
      const friends = await listFriends(s.accessToken, { keywords: k.data, limit: 8 });
      // A server without the list (an extension of the API): people can still be tagged by name.
      if (!friends) return { ok: false, message: 'this site keeps no list of friends' };
      return { ok: true, message: '', data: friends };
    } catch (e) {
      // Signed in before the site asked for the friends scope.
      if (isApiError(e, 403)) return { ok: false, message: 'sign out and in again to let this site see them' };
      throw e;
    }
  });
}

export async function tagPhoto(photoId: number, values: TagValues): Promise<ActionResult<{ id: number }>> {
  const id = idSchema.safeParse(photoId);
  if (!id.success) return invalid();
  const parsed = tagSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error);
  const v = parsed.data;
  return withSession(async (s) => {
    try {
      const tagId = await addPhotoTag(
        s.accessToken,
        id.data,
        { x: v.x, y: v.y, w: v.w, h: v.h },
        v.userId > 0 ? { userId: v.userId } : { label: v.who },
      );
      return { ok: true, message: `${v.who} is tagged in this photo.`, data: { id: tagId } };
    } catch (e) {
      return failure(e, toTagFieldErrors, 'The tag was not saved.');
    }
  });
}

export async function untagPhoto(photoId: number, tagId: number): Promise<ActionResult> {
  const p = idSchema.safeParse(photoId);
  const t = idSchema.safeParse(tagId);
  if (!p.success || !t.success) return invalid();
  return withSession(async (s) => {
    await removePhotoTag(s.accessToken, p.data, t.data);
    return { ok: true, message: 'The tag was removed.', data: undefined };
  });
}
