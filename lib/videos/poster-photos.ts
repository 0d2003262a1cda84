import type { ActionResult } from '@/lib/action-result';
import { failure, invalid } from '@/lib/server-action';
import { getAlbum, ownAlbumsWithPhotos, type PhotoThumb } from '@/lib/social-api/albums';
import { posterPhotosSchema } from '@/lib/validations/video';

/** Photos a page of the poster's photo dialog shows. */
export const POSTER_PHOTOS_PAGE = 24;
/** The pages of one's albums the dialog reads at most: a member's 1,000 newest, in as many requests as they fill. */
const ALBUM_PAGES = 20;

/** What the poster's photo dialog shows: one's albums that hold photos, and a page of one of them. */
export interface PosterPhotoChoices {
  /** One's albums holding photos, newest first; only on the first reading (no album asked for). */
  albums?: Array<{ id: number; title: string; photoCount: number }>;
  /** The album whose photos these are; null when one has no photos at all. */
  albumId: number | null;
  photos: PhotoThumb[];
  /** More of that album's photos after this page. */
  more: boolean;
}

/**
 * One's photos to make a video's poster of (POST /videos/{id}/thumb takes one's own photo): the
 * API lists photos by album, so the dialog goes album by album. Without `albumId`, the albums and
 * the first one's first page in one answer; with it, that album's `page`. An album that is not
 * one's own lists nothing: the API would refuse its photos anyway.
 */
export async function posterPhotoChoices(token: string, viewerId: number, input: unknown): Promise<ActionResult<PosterPhotoChoices>> {
  const parsed = posterPhotosSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { page } = parsed.data;
  try {
    let albums: PosterPhotoChoices['albums'];
    let albumId = parsed.data.albumId;
    if (albumId === undefined) {
      albums = (await ownAlbumsWithPhotos(token, ALBUM_PAGES)).map(({ id, title, photoCount }) => ({ id, title, photoCount }));
      albumId = albums[0]?.id;
      if (albumId === undefined) return { ok: true, message: '', data: { albums, albumId: null, photos: [], more: false } };
    }
    const album = await getAlbum(token, albumId, { page, limit: POSTER_PHOTOS_PAGE });
    if (!album || album.owner.id !== viewerId) return { ok: false, message: 'This album is no longer there: it may have been deleted.' };
    const more = page * POSTER_PHOTOS_PAGE < album.photoCount;
    return { ok: true, message: '', data: { albums, albumId, photos: album.photos, more } };
  } catch (e) {
    return failure(e);
  }
}
