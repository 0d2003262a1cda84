import { z } from 'zod';
import type { UploadStream } from './albums.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError } from './errors.ts';
import { NOT_A_VISIT } from './fields.ts';
import { flag, id, str } from './primitives.ts';

// Adding photos to an album (spec: Albums): each file is uploaded on its own with
// POST /albums/photo_upload (it waits, in no album, as the uploader's), then
// POST /albums/upload puts the uploaded photos into an album, in the order given.

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 120_000;

const photoUploadSchema = z.looseObject({ photo_id: id });
const albumUploadSchema = z.looseObject({ album_id: id });
const uploadTargetSchema = z.looseObject({ id, title: str, can_upload: flag });

/** An existing album photos are being added to: what the page names, and whether the reader may add photos. */
export interface UploadTargetAlbum {
  id: number;
  title: string;
  canUpload: boolean;
}

/** The album `albumId` as a place to add photos to; undefined when there is none the reader may see. */
export async function getUploadTarget(token: string, albumId: number): Promise<UploadTargetAlbum | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), `/albums/${albumId}`, { token, query: { fields: 'id,title,can_upload', ...NOT_A_VISIT } });
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
  const album = uploadTargetSchema.parse(data);
  return { id: album.id, title: album.title, canUpload: album.can_upload };
}

/** Streams a multipart body (its `Filedata` part as the browser sent it) to /albums/photo_upload; answers the new photo's id. */
export async function uploadAlbumPhoto(token: string, upload: UploadStream, signal?: AbortSignal): Promise<{ photoId: number }> {
  const data = photoUploadSchema.parse(
    await apiFetch(apiConfig(), '/albums/photo_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  return { photoId: data.photo_id };
}

/** A new album's settings, as POST /albums/upload takes them (album[…]). */
export interface NewAlbum {
  title: string;
  /** undefined or 0: no category. */
  categoryId?: number;
  description: string;
  /** Privacy option ids (GET /albums/view_options …). */
  authView: string;
  authComment: string;
  authTag: string;
  searchable: boolean;
}

export type UploadTarget = { albumId: number } | { album: NewAlbum };

/**
 * Puts uploaded photos into an existing album or a new one, in the order of `photoIds`;
 * answers the album's id. Field errors come back under the API's names (album[title] …).
 */
export async function addUploadedPhotos(token: string, photoIds: readonly number[], target: UploadTarget): Promise<{ albumId: number }> {
  const form: Record<string, string | number | undefined> = { photo_ids: photoIds.join(',') };
  if ('albumId' in target) {
    form.album_id = target.albumId;
  } else {
    const a = target.album;
    Object.assign(form, {
      'album[title]': a.title,
      'album[category_id]': a.categoryId || undefined,
      'album[description]': a.description,
      'album[allow_search]': a.searchable ? 1 : 0,
      'album[auth_view]': a.authView,
      'album[auth_comment]': a.authComment,
      'album[auth_tag]': a.authTag,
    });
  }
  const data = albumUploadSchema.parse(await apiFetch(apiConfig(), '/albums/upload', { method: 'POST', token, form }));
  return { albumId: data.album_id };
}

// A group's one album (docs/api.md, "Groups": photos) is filled the same two ways: each file with
// POST /groups/photos_upload (`group_id`, `Filedata`), then POST /groups/photos puts them in.

const groupUploadSchema = z.looseObject({ id });
const groupPhotosSchema = z.looseObject({ album_id: id });

/** Streams a multipart body (its `group_id` and `Filedata` parts) to POST /groups/photos_upload; answers the photo's id. */
export async function uploadGroupPhoto(token: string, upload: UploadStream, signal?: AbortSignal): Promise<{ photoId: number }> {
  const data = groupUploadSchema.parse(
    await apiFetch(apiConfig(), '/groups/photos_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  return { photoId: data.id };
}

/** POST /groups/photos: the uploads go into the group's album in this order, with a post on its wall; answers the album's id. */
export async function addGroupPhotos(token: string, groupId: number, photoIds: readonly number[]): Promise<{ albumId: number }> {
  const form = { group_id: groupId, ids: photoIds.join(',') };
  const data = groupPhotosSchema.parse(await apiFetch(apiConfig(), '/groups/photos', { method: 'POST', token, form }));
  return { albumId: data.album_id };
}
