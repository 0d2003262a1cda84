import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { socialOf, type Social } from './core.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { getWithFields, SOCIAL_FIELD_NAMES, visitQuery, type DetailRead } from './fields.ts';
import { categorySchema, flag, id, lenientArray, num, optionSchema, str } from './primitives.ts';
import { composeUploadSchema, messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Albums and photos (spec: Albums, scope albums). Uploads live here: every photo, wherever it
// is posted, is uploaded through the albums module of the API.

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** A multipart body as the browser sent it, passed on without being read into memory. */
export interface UploadStream {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength?: string;
}

/**
 * Streams a multipart body (with its `Filedata` part, as the browser sent it) to
 * /albums/compose_upload, never holding the file in memory. Answers the new photo.
 */
export async function uploadComposePhoto(
  token: string,
  upload: UploadStream,
  signal?: AbortSignal,
): Promise<{ photoId: number; src: string }> {
  const data = composeUploadSchema.parse(
    await apiFetch(apiConfig(), '/albums/compose_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  return { photoId: data.photo_id, src: safeImageUrl(data.src) };
}

const optionListSchema = lenientArray(optionSchema);
const categoryListSchema = lenientArray(categorySchema);

/** What a person may choose among for an album's settings (a new album, an album's edit form). */
export interface AlbumOptions {
  categories: Array<{ id: number; title: string }>;
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
  tag: Array<{ id: string; title: string }>;
}

/** GET /albums/categories, /albums/view_options, /albums/comment_options and /albums/tag_options, together. */
export async function getAlbumOptions(token: string): Promise<AlbumOptions> {
  const config = apiConfig();
  const options = async (name: string) =>
    optionListSchema.parse(await apiFetch(config, `/albums/${name}`, { token })).map((o) => ({ id: o.id, title: o.title }));
  const [categories, view, comment, tag] = await Promise.all([
    apiFetch(config, '/albums/categories', { token }).then((d) => categoryListSchema.parse(d).map((c) => ({ id: c.id, title: c.title }))),
    options('view_options'),
    options('comment_options'),
    options('tag_options'),
  ]);
  return { categories, view, comment, tag };
}

// ── Reading and managing albums and photos (web pages /albums, /albums/{id}, /photos/{id}) ──

// title and description: our API's extension of the stub (docs/api.md, "Extensions": Albums and
// photos), absent elsewhere.
const albumStubSchema = z.looseObject({ id, thumb: str, title: str.optional(), description: str.optional() });
const albumSchema = z.looseObject({
  id,
  thumb: str,
  title: str,
  description: str,
  owner: ownerSchema,
  total_photo: num,
  can_upload: flag.default(false),
  can_editphotos: flag.default(false),
  can_edit: flag.default(false),
  can_delete: flag.default(false),
  photos: lenientArray(albumStubSchema).default([]),
  // Extension fields (docs/api.md, "Extensions": Albums and photos): absent from a server that does
  // not give them.
  category: categorySchema.nullable().optional().catch(undefined),
  allow_search: z.unknown().optional(),
  auth_view: z.string().optional().catch(undefined),
  auth_comment: z.string().optional().catch(undefined),
  auth_tag: z.string().optional().catch(undefined),
});
const albumListSchema = lenientArray(albumSchema);

/** A photo stub (`id, thumb`, and with our API `title`, `description`) as a grid shows it. */
function reshapePhotoThumb(p: z.infer<typeof albumStubSchema>): PhotoThumb {
  return { id: p.id, thumb: safeImageUrl(p.thumb), alt: (p.description?.trim() || p.title?.trim()) ?? '' };
}

/** The stub fields a grid of photos asks for (title and description: its thumbnails' alt text). */
export const PHOTO_THUMB_FIELDS = 'id,thumb,title,description';

/** A list of photo stubs (a group's photos: GET /groups/photos, or its detail's `photos`) for a grid. */
export const parsePhotoThumbs = (data: unknown): PhotoThumb[] => lenientArray(albumStubSchema).parse(data).map(reshapePhotoThumb);
const neighbourSchema = z.looseObject({ id, thumb: str }).optional().catch(undefined);
const photoSchema = z.looseObject({
  id,
  thumb: str,
  img: str,
  title: str,
  description: str,
  date: str,
  album: z.looseObject({ id, title: str, owner: ownerSchema, total_photo: num.optional() }),
  photo_index: num,
  next_photo: neighbourSchema,
  previous_photo: neighbourSchema,
  can_tag: flag.default(false),
  can_edit: flag.default(false),
  can_delete: flag.default(false),
  can_share: flag.default(false),
  can_report: flag.default(false),
  can_make_profile_photo: flag.default(false),
});

const ALBUM_LIST_FIELDS = 'id,type,thumb,title,description,owner,total_photo';
const SPEC_ALBUM_DETAIL_FIELDS = `${ALBUM_LIST_FIELDS},can_upload,can_editphotos,can_edit,can_delete,photos`;
/** With our API also its category and, for its owner, its settings (docs/api.md, "Extensions": Albums and photos). */
const ALBUM_DETAIL_FIELDS = `${SPEC_ALBUM_DETAIL_FIELDS},category,allow_search,auth_view,auth_comment,auth_tag`;
const PHOTO_FIELDS =
  'id,type,thumb,img,title,description,date,album,photo_index,next_photo,previous_photo,can_tag,can_edit,can_delete,can_share,can_report,can_make_profile_photo';

/** An album as a card shows it. */
export interface AlbumCard {
  id: number;
  title: string;
  description: string;
  /** The cover's thumbnail ('' for an empty album). */
  thumb: string;
  owner: Who;
  photoCount: number;
}

/** A photo in a grid: its id and thumbnail. */
export interface PhotoThumb {
  id: number;
  thumb: string;
  /** Its description, else its title (the alt text of its thumbnail); '' when it has neither or the server does not say. */
  alt?: string;
}

/** An album's settings as its edit form shows them. */
export interface AlbumSettings {
  /** 0 for none. */
  categoryId: number;
  authView: string;
  authComment: string;
  authTag: string;
  searchable: boolean;
}

export interface AlbumDetail extends AlbumCard {
  /** Null for none; undefined when the server does not tell (the document's album has no category). */
  category?: { id: number; title: string } | null;
  /** Its owner's alone, from a server that tells them (ours: docs/api.md, "Extensions": Albums and photos). */
  settings?: AlbumSettings;
  can: { upload: boolean; editPhotos: boolean; edit: boolean; delete: boolean };
  /** One page of the album's photos, in the album's order. */
  photos: PhotoThumb[];
}

export interface PhotoDetail {
  id: number;
  title: string;
  caption: string;
  /** The original picture. */
  img: string;
  thumb: string;
  /** photoCount is absent for a photo of a message (the API does not count those albums). */
  album: { id: number; title: string; owner: Who; photoCount?: number };
  /** Position in the album, from 0. */
  index: number;
  next?: PhotoThumb;
  previous?: PhotoThumb;
  /** makeProfilePhoto: the spec's can_make_profile_photo (false from a server that does not tell). */
  can: { tag: boolean; edit: boolean; delete: boolean; share: boolean; report: boolean; makeProfilePhoto: boolean };
}

const albumTitle = (title: string) => title.trim() || 'Untitled album';

function reshapeAlbum(a: z.infer<typeof albumSchema>): AlbumDetail {
  const category =
    a.category && a.category.id > 0
      ? { id: a.category.id, title: a.category.title.trim() || `Category ${a.category.id}` }
      : a.category === undefined
        ? undefined
        : null;
  const settings =
    a.auth_view !== undefined &&
    a.auth_comment !== undefined &&
    a.auth_tag !== undefined &&
    a.allow_search !== undefined &&
    category !== undefined
      ? {
          categoryId: category?.id ?? 0,
          authView: a.auth_view,
          authComment: a.auth_comment,
          authTag: a.auth_tag,
          searchable: !(a.allow_search === 0 || a.allow_search === '0' || a.allow_search === false),
        }
      : undefined;
  return {
    id: a.id,
    title: albumTitle(a.title),
    description: a.description,
    thumb: safeImageUrl(a.thumb),
    owner: who(reshapePerson(a.owner)),
    photoCount: a.total_photo,
    can: { upload: a.can_upload, editPhotos: a.can_editphotos, edit: a.can_edit, delete: a.can_delete },
    photos: a.photos.map(reshapePhotoThumb),
    category,
    settings,
  };
}

export type AlbumSort = 'recent' | 'popular';

export interface AlbumQuery {
  keywords?: string;
  sort?: AlbumSort;
  categoryId?: number;
  /** One member's albums. */
  userId?: number;
  /** The reader's own albums (GET /albums/my), all of them. */
  mine?: boolean;
  page?: number;
  limit?: number;
}

/** One page of albums (GET /albums or /albums/my); undefined when the member asked for is not there. */
export async function listAlbums(token: string, q: AlbumQuery): Promise<AlbumCard[] | undefined> {
  try {
    const data = await apiFetch(apiConfig(), q.mine ? '/albums/my' : '/albums', {
      token,
      query: {
        keywords: q.keywords || undefined,
        sort: q.sort,
        category_id: q.categoryId,
        user_id: q.mine ? undefined : q.userId,
        page: q.page ?? 1,
        limit: q.limit ?? 24,
        fields: ALBUM_LIST_FIELDS,
      },
    });
    return albumListSchema.parse(data).map((a) => {
      const { can: _can, photos: _photos, category: _category, settings: _settings, ...card } = reshapeAlbum(a);
      return card;
    });
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/** An album a photo may be put into, as a choice shows it. */
export interface AlbumChoice {
  id: number;
  title: string;
}

export interface AlbumChoices {
  albums: AlbumChoice[];
  /** False when there were more than the pages read: the rest are found by keywords. */
  complete: boolean;
}

/** The API's most albums a page; pages of them read for one choice (so at most that many calls). */
const CHOICE_PAGE = 50;
const CHOICE_PAGES = 10;
const choiceListSchema = lenientArray(z.looseObject({ id, title: str, can_upload: flag.optional() }));

/**
 * Every item of a list read a page of `size` at a time, until a page is not full or `max` pages:
 * each item once (an album made while the pages are read pushes the list on, so one may come
 * twice), and whether the list's end was reached.
 */
async function readPages<T extends { id: number }>(
  read: (page: number) => Promise<T[]>,
  size: number,
  max: number,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= max; page += 1) {
    const rows = await read(page);
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      items.push(row);
    }
    if (rows.length < size) return { items, complete: true };
  }
  return { items, complete: false };
}

/**
 * The reader's own albums that photos may go into, newest first, but `exceptId`: where a photo
 * can move. Our API tells can_upload in the list (docs/api.md, "Extensions": Albums and photos):
 * not Wall Photos, Profile Pictures and the other albums it fills itself. A server of the document alone does
 * not, and a detail per album would cost a call each: there every own album is offered, and
 * the API's refusal of one it fills itself says so. A page at a time, up to CHOICE_PAGES.
 */
export async function albumsToAddTo(token: string, exceptId?: number, keywords?: string): Promise<AlbumChoices> {
  let fields = 'id,title,can_upload';
  const { items, complete } = await readPages(
    async (page) => {
      const query = { keywords: keywords?.trim() || undefined, page, limit: CHOICE_PAGE };
      const rows = choiceListSchema.parse(await getWithFields(token, '/albums/my', query, fields, 'id,title'));
      // A server that did not tell the flag on the first page is asked the document's fields after it.
      if (page === 1 && rows[0] && rows[0].can_upload === undefined) fields = 'id,title';
      return rows;
    },
    CHOICE_PAGE,
    CHOICE_PAGES,
  );
  const albums = items.filter((a) => a.can_upload !== false && a.id !== exceptId).map((a) => ({ id: a.id, title: albumTitle(a.title) }));
  return { albums, complete };
}

/** The reader's own albums that hold photos, newest first (up to `max` pages of 50, the most GET /albums/my gives). */
export async function ownAlbumsWithPhotos(token: string, max: number): Promise<AlbumCard[]> {
  const { items } = await readPages(async (page) => (await listAlbums(token, { mine: true, page, limit: 50 })) ?? [], 50, max);
  return items.filter((a) => a.photoCount > 0);
}

/** GET /albums/{id} with one page of its photos; undefined when it is not there or not visible. */
async function readAlbum(
  token: string,
  albumId: number,
  photos: { page: number; limit: number },
  fields: string,
  read: DetailRead,
): Promise<z.infer<typeof albumSchema> | undefined> {
  try {
    const query = { photo_page: photos.page, photo_limit: photos.limit, photo_fields: PHOTO_THUMB_FIELDS, ...visitQuery(read) };
    return albumSchema.parse(await getWithFields(token, `/albums/${albumId}`, query, fields, SPEC_ALBUM_DETAIL_FIELDS));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/**
 * An album with one page of its photos; undefined when it is not there or not visible. Not its
 * page (loadAlbum): a read for a tool or a preview, which counts no view (NOT_A_VISIT).
 */
export async function getAlbum(token: string, albumId: number, photos: { page: number; limit: number }): Promise<AlbumDetail | undefined> {
  const raw = await readAlbum(token, albumId, photos, ALBUM_DETAIL_FIELDS, { visit: false });
  return raw && reshapeAlbum(raw);
}

/**
 * An album's page: the album with one page of its photos and its social layer, in one API call
 * with our API (its social fields); a server without them is asked the core endpoints as well.
 */
export async function loadAlbum(
  token: string,
  albumId: number,
  photos: { page: number; limit: number },
  viewerId: number,
): Promise<{ album: AlbumDetail; social: Social } | undefined> {
  const raw = await readAlbum(token, albumId, photos, `${ALBUM_DETAIL_FIELDS},${SOCIAL_FIELD_NAMES}`, {});
  if (!raw) return undefined;
  return { album: reshapeAlbum(raw), social: await socialOf(token, { type: 'album', id: raw.id }, raw, viewerId, { share: true }) };
}

/**
 * A photo of an album; undefined when it is not there or the reader may not see it. A photo of
 * a message (its album has no count) is its owner's alone: the API answers 404 to anyone else.
 */
export async function getPhoto(token: string, photoId: number): Promise<PhotoDetail | undefined> {
  const p = await readPhoto(token, photoId, PHOTO_FIELDS);
  return p && reshapePhoto(p);
}

async function readPhoto(token: string, photoId: number, fields: string): Promise<z.infer<typeof photoSchema> | undefined> {
  try {
    return photoSchema.parse(await getWithFields(token, `/albums/photos/${photoId}`, {}, fields, PHOTO_FIELDS));
  } catch (e) {
    if (isApiError(e, 404) || isApiError(e, 400)) return undefined;
    throw e;
  }
}

function reshapePhoto(p: z.infer<typeof photoSchema>): PhotoDetail {
  const thumb = (n: { id: number; thumb: string } | undefined) => (n ? { id: n.id, thumb: safeImageUrl(n.thumb) } : undefined);
  return {
    id: p.id,
    title: p.title.trim(),
    caption: p.description,
    img: safeImageUrl(p.img),
    thumb: safeImageUrl(p.thumb),
    album: { id: p.album.id, title: albumTitle(p.album.title), owner: who(reshapePerson(p.album.owner)), photoCount: p.album.total_photo },
    index: p.photo_index,
    next: thumb(p.next_photo),
    previous: thumb(p.previous_photo),
    can: {
      tag: p.can_tag,
      edit: p.can_edit,
      delete: p.can_delete,
      share: p.can_share,
      report: p.can_report,
      makeProfilePhoto: p.can_make_profile_photo,
    },
  };
}

/** An album's settings as POST /albums/{id} takes them; what is left out stays as it is. */
export interface AlbumSettingsInput {
  title?: string;
  /** 0 for no category. */
  categoryId?: number;
  description?: string;
  authView?: string;
  authComment?: string;
  authTag?: string;
  searchable?: boolean;
}

export async function editAlbum(token: string, albumId: number, s: AlbumSettingsInput): Promise<void> {
  await apiFetch(apiConfig(), `/albums/${albumId}`, {
    token,
    form: {
      title: s.title,
      category_id: s.categoryId,
      description: s.description,
      auth_view: s.authView,
      auth_comment: s.authComment,
      auth_tag: s.authTag,
      allow_search: s.searchable === undefined ? undefined : s.searchable ? 1 : 0,
    },
  });
}

export async function deleteAlbum(token: string, albumId: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/albums/${albumId}`, { method: 'DELETE', token })).message;
}

export async function setAlbumCover(token: string, albumId: number, photoId: number): Promise<void> {
  await apiFetch(apiConfig(), `/albums/${albumId}/cover`, { token, form: { photo_id: photoId } });
}

/** Title and caption of a photo, and (albumId) the album it moves to. */
export async function editPhoto(
  token: string,
  photoId: number,
  edit: { title?: string; caption?: string; albumId?: number },
): Promise<string> {
  const data = await apiFetch(apiConfig(), `/albums/photos/${photoId}`, {
    token,
    form: { title: edit.title, description: edit.caption, album_id: edit.albumId },
  });
  return messageSchema.parse(data ?? {}).message;
}

export async function deletePhoto(token: string, photoId: number): Promise<void> {
  await apiFetch(apiConfig(), `/albums/photos/${photoId}`, { method: 'DELETE', token });
}

/**
 * The owner's new order of an album's photos (POST /albums/{id}/order, an extension: docs/api.md,
 * "Extensions": Album order); false when the API keeps no order of its own (isMissingExtension)
 * and nothing changed.
 */
export async function reorderAlbum(token: string, albumId: number, photoIds: number[]): Promise<boolean> {
  try {
    await apiFetch(apiConfig(), `/albums/${albumId}/order`, { token, form: { photo_ids: photoIds.join(',') } });
    return true;
  } catch (e) {
    // Our API answers 404 for an album the reader may not see: that one is still there to read.
    if (isMissingExtension(e) && (!isApiError(e, 404) || (await getAlbum(token, albumId, { page: 1, limit: 1 })))) return false;
    throw e;
  }
}

/**
 * A photo's page: the photo and its social layer, in one API call with our API (its social
 * fields); a server without them is asked the core endpoints as well. Undefined when the photo
 * is not there for the reader.
 */
export async function loadPhoto(
  token: string,
  photoId: number,
  viewerId: number,
): Promise<{ photo: PhotoDetail; social: Social } | undefined> {
  const raw = await readPhoto(token, photoId, `${PHOTO_FIELDS},${SOCIAL_FIELD_NAMES}`);
  if (!raw) return undefined;
  const photo = reshapePhoto(raw);
  const social = await socialOf(token, { type: 'photo', id: photo.id }, raw, viewerId, { share: photo.can.share });
  return { photo, social: { ...social, can: { ...social.can, share: photo.can.share, report: photo.can.report } } };
}

/**
 * The pixels of a photo's original (`img`): the extension fields `width`, `height` (docs/api.md,
 * "Extensions": Picture sizes and descriptions); undefined when the photo is not there for the
 * reader.
 */
export async function getPhotoSize(token: string, photoId: number): Promise<{ width: number; height: number } | undefined> {
  try {
    return z
      .looseObject({ width: z.number().int().positive(), height: z.number().int().positive() })
      .parse(await apiFetch(apiConfig(), `/albums/photos/${photoId}`, { token, query: { fields: 'id,width,height' } }));
  } catch (e) {
    if (isApiError(e, 404) || isApiError(e, 400)) return undefined;
    throw e;
  }
}

/** Only a photo's picture (fields=img), to load it before it is shown; '' when it is not there. */
export async function getPhotoImage(token: string, photoId: number): Promise<string> {
  try {
    const data = z
      .looseObject({ img: str })
      .parse(await apiFetch(apiConfig(), `/albums/photos/${photoId}`, { token, query: { fields: 'img' } }));
    return safeImageUrl(data.img);
  } catch (e) {
    if (isApiError(e, 404) || isApiError(e, 400)) return '';
    throw e;
  }
}
