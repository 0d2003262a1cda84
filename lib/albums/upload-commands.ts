import type { ActionResult } from '@/lib/action-result';
import { CHECK_FIELDS, failure } from '@/lib/server-action';
import { addGroupPhotos, addUploadedPhotos } from '@/lib/social-api/album-upload';
import { editPhoto } from '@/lib/social-api/albums';
import { albumUploadSaveErrors, albumUploadSaveSchema, toAlbumFieldErrors } from '@/lib/validations/album';

// Saving the "Add photos" page, given an access token: the input is checked with the schema
// the browser used, then the uploaded photos go into the album (or a group's) in the order given. The API's
// field errors come back under the page's field names. actions.ts runs it for the signed-in
// person; the tests run it against the real API.

export async function saveAlbumUploadCommand(token: string, input: unknown): Promise<ActionResult<{ albumId: number }>> {
  const parsed = albumUploadSaveSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: CHECK_FIELDS, fieldErrors: albumUploadSaveErrors(parsed.error) };
  const { photoIds, descriptions, albumId, album, groupId } = parsed.data;
  try {
    // Each description goes onto its photo (the spec's POST /albums/photos/{id} `description`)
    // while the photos still wait: a refusal stops before any album is made or filled.
    await Promise.all(
      photoIds.map((photoId, i) => (descriptions?.[i] ? editPhoto(token, photoId, { caption: descriptions[i] }) : undefined)),
    );
    const count = photoIds.length === 1 ? 'The photo was' : `${photoIds.length} photos were`;
    if (groupId) return { ok: true, message: `${count} added to the group.`, data: await addGroupPhotos(token, groupId, photoIds) };
    const target = album
      ? { album: { ...album, categoryId: album.categoryId ? Number(album.categoryId) : undefined } }
      : { albumId: albumId! };
    const saved = await addUploadedPhotos(token, photoIds, target);
    return { ok: true, message: `${count} added to the album.`, data: saved };
  } catch (e) {
    return failure(e, toAlbumFieldErrors, null);
  }
}
