'use server';

import * as z from 'zod/mini';
import { getCachedAlbumChoices } from '@/lib/albums/choices';
import { failure, invalid, invalidFields, withSession, type ActionResult } from '@/lib/server-action';
import {
  deleteAlbum as apiDeleteAlbum,
  deletePhoto as apiDeletePhoto,
  editAlbum as apiEditAlbum,
  editPhoto as apiEditPhoto,
  getAlbum,
  getPhotoImage,
  type AlbumChoices,
  type AlbumOptions,
  type PhotoThumb,
  albumsToAddTo,
  reorderAlbum as apiReorderAlbum,
  setAlbumCover as apiSetAlbumCover,
} from '@/lib/social-api/albums';
import {
  albumEditSchema,
  REORDER_MAX,
  photoEditSchema,
  photoMoveSchema,
  toAlbumFieldErrors,
  toPhotoFieldErrors,
  type AlbumEditValues,
  type PhotoEditValues,
  type PhotoMoveValues,
} from '@/lib/validations/album';
import { idSchema } from '@/lib/validations/ids';
import { KEEP } from '@/lib/validations/limits';

// The owner's changes to an album and its photos. Each checks its input with the form's own
// schema again; the API decides who may (its can_* flags), and its field errors go back to
// the fields.

const ok = (message: string): ActionResult<undefined> => ({ ok: true, message, data: undefined });

export async function editAlbumSettings(albumId: number, values: AlbumEditValues): Promise<ActionResult> {
  const id = idSchema.safeParse(albumId);
  if (!id.success) return invalid();
  const parsed = albumEditSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error);
  const v = parsed.data;
  return withSession(async (s) => {
    try {
      await apiEditAlbum(s.accessToken, id.data, {
        title: v.title,
        description: v.description,
        categoryId: v.categoryId === KEEP ? undefined : Number(v.categoryId),
        authView: v.authView === KEEP ? undefined : v.authView,
        authComment: v.authComment === KEEP ? undefined : v.authComment,
        authTag: v.authTag === KEEP ? undefined : v.authTag,
        searchable: v.searchable === KEEP ? undefined : v.searchable === 'show',
      });
    } catch (e) {
      return failure(e, toAlbumFieldErrors);
    }
    return ok('The album was saved.');
  });
}

export async function deleteAlbum(albumId: number): Promise<ActionResult> {
  const id = idSchema.safeParse(albumId);
  if (!id.success) return invalid();
  return withSession(async (s) => ok((await apiDeleteAlbum(s.accessToken, id.data)) || 'The album was deleted.'));
}

export async function setCover(albumId: number, photoId: number): Promise<ActionResult> {
  const a = idSchema.safeParse(albumId);
  const p = idSchema.safeParse(photoId);
  if (!a.success || !p.success) return invalid();
  return withSession(async (s) => {
    await apiSetAlbumCover(s.accessToken, a.data, p.data);
    return ok('This photo is now the album’s cover.');
  });
}

export async function editPhotoText(photoId: number, values: PhotoEditValues): Promise<ActionResult> {
  const id = idSchema.safeParse(photoId);
  if (!id.success) return invalid();
  const parsed = photoEditSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error);
  return withSession(async (s) => {
    try {
      await apiEditPhoto(s.accessToken, id.data, { title: parsed.data.title, caption: parsed.data.caption });
    } catch (e) {
      return failure(e, toPhotoFieldErrors);
    }
    return ok('The photo was saved.');
  });
}

export async function movePhoto(photoId: number, values: PhotoMoveValues): Promise<ActionResult> {
  const id = idSchema.safeParse(photoId);
  if (!id.success) return invalid();
  const parsed = photoMoveSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error);
  return withSession(async (s) => {
    try {
      await apiEditPhoto(s.accessToken, id.data, { albumId: Number(parsed.data.albumId) });
    } catch (e) {
      return failure(e, toPhotoFieldErrors);
    }
    return ok('The photo was moved.');
  });
}

export async function deletePhoto(photoId: number): Promise<ActionResult> {
  const id = idSchema.safeParse(photoId);
  if (!id.success) return invalid();
  return withSession(async (s) => {
    await apiDeletePhoto(s.accessToken, id.data);
    return ok('The photo was deleted.');
  });
}

const choiceKeywordsSchema = z.optional(z.string().check(z.maxLength(200)));

/**
 * The reader's own albums a photo may move to (all they may add to but `exceptId`), for the
 * move form; `keywords` finds them among more than one reading lists.
 */
export async function myAlbumChoices(exceptId: number, keywords?: string): Promise<ActionResult<AlbumChoices>> {
  const id = idSchema.safeParse(exceptId);
  const words = choiceKeywordsSchema.safeParse(keywords);
  if (!id.success || !words.success) return invalid();
  return withSession(async (s) => ({ ok: true, message: '', data: await albumsToAddTo(s.accessToken, id.data, words.data) }));
}

const orderSchema = z.array(idSchema).check(z.minLength(1), z.maxLength(REORDER_MAX));

/** The owner's new order of the album's photos (every one of them, as the API requires). */
export async function reorderPhotos(albumId: number, photoIds: number[]): Promise<ActionResult> {
  const id = idSchema.safeParse(albumId);
  const ids = orderSchema.safeParse(photoIds);
  if (!id.success || !ids.success || new Set(ids.data).size !== ids.data.length) return invalid();
  return withSession(async (s) => {
    // A server without album order (an extension of the API): the album keeps the order it has.
    if (!(await apiReorderAlbum(s.accessToken, id.data, ids.data)))
      return { ok: false, message: 'This site does not keep photos in an order of your choosing: the album stays as it was.' };
    return ok('The new order was saved.');
  });
}

/** What the edit form offers (categories and privacy options). */
export async function albumOptions(): Promise<ActionResult<AlbumOptions>> {
  return withSession(async (s) => ({ ok: true, message: '', data: await getCachedAlbumChoices(s) }));
}

/** Photos one page of the album's detail gives (the API's most). */
const PAGE = 50;

/** Every photo of an album in its order, for reordering: the pages of the album's detail, a few at a time. */
export async function albumPhotosInOrder(albumId: number): Promise<ActionResult<PhotoThumb[]>> {
  const id = idSchema.safeParse(albumId);
  if (!id.success) return invalid();
  return withSession<PhotoThumb[]>(async (s) => {
    const first = await getAlbum(s.accessToken, id.data, { page: 1, limit: PAGE });
    if (!first) return { ok: false, message: 'This album is no longer there.' };
    if (first.photoCount > REORDER_MAX)
      return { ok: false, message: `Albums of more than ${REORDER_MAX} photos cannot be reordered here.` };
    const photos = [...first.photos];
    const pages = Math.ceil(first.photoCount / PAGE);
    for (let page = 2; page <= pages; page += 4) {
      const batch = await Promise.all(
        [page, page + 1, page + 2, page + 3]
          .filter((p) => p <= pages)
          .map((p) => getAlbum(s.accessToken, id.data, { page: p, limit: PAGE })),
      );
      for (const album of batch) photos.push(...(album?.photos ?? []));
    }
    // Photos added or removed meanwhile would make the order the owner saves miss one or name a
    // stranger (the API refuses both): say so rather than offer a list that cannot be saved.
    if (photos.length !== first.photoCount || new Set(photos.map((p) => p.id)).size !== photos.length) {
      return { ok: false, message: 'The album changed while it was being read. Please try again.' };
    }
    return { ok: true, message: '', data: photos };
  });
}

/** The pictures of a photo's neighbours, for the browser to load before they are shown. */
export async function neighbourImages(photoIds: number[]): Promise<ActionResult<string[]>> {
  const ids = z.array(idSchema).check(z.maxLength(2)).safeParse(photoIds);
  if (!ids.success) return invalid();
  return withSession(async (s) => {
    const urls = await Promise.all(ids.data.map((id) => getPhotoImage(s.accessToken, id)));
    return { ok: true, message: '', data: urls.filter(Boolean) };
  });
}
