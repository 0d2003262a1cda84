import { z } from 'zod';
import type { UploadStream } from './albums.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { parseApiDate, socialOf, type Social } from './core.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { getWithFields, NOT_A_VISIT, SOCIAL_FIELD_NAMES, visitQuery, type DetailRead } from './fields.ts';
import { fetchMediaFile } from './media-file.ts';
import { categorySchema, flag, id, lenientArray, num, optionList, ownerSettingsOf, ownerSettingsShape, str } from './primitives.ts';
import { messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Videos (the origin's module, scope `videos`: docs/api.md, "Videos"), an extension of the
// document: a server without it answers its routes as a missing extension (isMissingExtension),
// and every reader here says so (undefined) rather than failing the page.

export type VideoStatus = 'to_be_processed' | 'being_processed' | 'processed' | 'conversion_failed';
const STATUSES = ['to_be_processed', 'being_processed', 'processed', 'conversion_failed'] as const;

/** A video in a list. */
export interface VideoCard {
  id: number;
  title: string;
  owner: Who;
  /** "m:ss" or "h:mm:ss"; '' while unknown. */
  duration: string;
  /** The 240 px poster ('' for none). */
  thumb: string;
  views: number;
  /** The mean rating, 0 with none. */
  rating: number;
  /** The picture's size, when known: the tile and the player reserve its shape. */
  width: number | null;
  height: number | null;
}

/** One of the reader's own videos, in any state. */
export interface MyVideo extends VideoCard {
  status: VideoStatus;
  /** Why it waits, or why its conversion failed ('' when processed). */
  statusMessage: string;
}

/** Where a video plays: its provider's player, or its file here. */
export type VideoPlayer =
  | { kind: 'youtube'; code: string }
  | { kind: 'vimeo'; code: string }
  /** `ready`: converted, its file can be played (through the BFF: routes.videoFile). */
  | { kind: 'upload'; ready: boolean };

/** What a player needs of a video: its box's shape, its poster, where it plays and whether it can yet. */
export interface PlayableVideo {
  id: number;
  title: string;
  width: number | null;
  height: number | null;
  /** The poster ('' for none). */
  poster: string;
  player: VideoPlayer;
  status: VideoStatus;
  /** Why it waits, or why its conversion failed ('' when processed or unknown). */
  statusMessage: string;
  /**
   * A video sent in a message is seen through its conversation (GET /videos/{id}?conversation_id=):
   * its file is asked for through it too (routes.videoFile).
   */
  conversationId?: number;
}

/** A video as a post carries it (the activity's attachment: docs/api.md, "Videos", in posts). */
export interface PostedVideo extends PlayableVideo {
  /** "m:ss" or "h:mm:ss"; '' while unknown. */
  duration: string;
}

/** What the owner chose (the edit form's settings); the owner alone is told them. */
export interface VideoSettings {
  authView: string;
  authComment: string;
  searchable: boolean;
}

/** A video on its own page. */
export interface Video extends MyVideo {
  /** Plain text as typed (React escapes it); also the video's text alternative. */
  description: string;
  createdAt: number;
  player: VideoPlayer;
  /** The 1024 px poster ('' for none). */
  poster: string;
  category: { id: number; title: string } | null;
  tags: Array<{ id: number; title: string }>;
  ratingCount: number;
  isRated: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Converted and seen by everyone: it may be played on other sites (lib/videos/embed.ts). */
  canEmbed: boolean;
  settings?: VideoSettings;
  social: Social;
}

/** The filters of a list of videos (GET /videos, /videos/my). */
export interface VideoFilters {
  keywords?: string;
  sort?: 'creation_date' | 'view_count' | 'rating';
  categoryId?: number;
  /** One member's videos (not on one's own list). */
  userId?: number;
  page?: number;
  limit?: number;
}

const LIST_FIELDS = 'id,title,duration,thumb,owner,total_view,rating,width,height';
const MY_FIELDS = `${LIST_FIELDS},status,status_message`;
const DETAIL_FIELDS = `${MY_FIELDS},description,date,total_vote,is_rated,video_type,video_src,category,tags,can_edit,can_delete,can_embed,poster,allow_search,auth_view,auth_comment,${SOCIAL_FIELD_NAMES}`;
const EMBED_FIELDS = `${MY_FIELDS},video_type,video_src,poster,can_embed`;
const MESSAGE_VIDEO_FIELDS = `${MY_FIELDS},video_type,video_src,poster`;
const EDIT_FIELDS = `${MY_FIELDS},description,date,video_type,video_src,category,tags,can_edit,can_delete,poster,allow_search,auth_view,auth_comment`;

const side = z.preprocess((v) => (typeof v === 'number' && v > 0 ? v : null), z.number().nullable()).catch(null);

const videoSchema = z.looseObject({
  id,
  title: str,
  owner: ownerSchema.optional(),
  duration: str,
  thumb: str,
  total_view: num,
  rating: num,
  width: side,
  height: side,
  status: z.enum(STATUSES).catch('processed'),
  status_message: str,
});

const videoDetailSchema = videoSchema.extend({
  description: str,
  date: str,
  total_vote: num,
  is_rated: flag,
  video_type: str,
  video_src: str,
  poster: str,
  category: categorySchema.nullable().catch(null).default(null),
  tags: lenientArray(z.looseObject({ id, title: str })),
  can_edit: flag,
  can_delete: flag,
  can_embed: flag,
  ...ownerSettingsShape,
});
type ApiVideo = z.infer<typeof videoDetailSchema>;

const owner = (o: z.infer<typeof ownerSchema> | undefined): Who => (o ? who(reshapePerson(o)) : { id: 0, name: 'Someone', image: '' });

function reshapeCard(v: z.infer<typeof videoSchema>): MyVideo {
  return {
    id: v.id,
    title: v.title.trim() || 'Untitled video',
    owner: owner(v.owner),
    duration: v.duration,
    thumb: safeImageUrl(v.thumb),
    views: v.total_view,
    rating: v.rating,
    width: v.width,
    height: v.height,
    status: v.status,
    statusMessage: v.status === 'processed' ? '' : v.status_message,
  };
}

/** The provider's player, from the address the API gives (`video_src`). */
function playerOf(type: string, src: string): VideoPlayer {
  if (type === 'youtube') {
    const code = /\/embed\/([A-Za-z0-9_-]{11})(?:[?#/]|$)/.exec(src)?.[1] ?? /[?&]v=([A-Za-z0-9_-]{11})/.exec(src)?.[1];
    if (code) return { kind: 'youtube', code };
  }
  if (type === 'vimeo') {
    const code = /\/video\/(\d{1,20})(?:[?#/]|$)/.exec(src)?.[1] ?? /vimeo\.com\/(\d{1,20})/.exec(src)?.[1];
    if (code) return { kind: 'vimeo', code };
  }
  return { kind: 'upload', ready: type === 'upload' && src !== '' };
}

function reshapeDetail(v: ApiVideo): Omit<Video, 'social'> {
  return {
    ...reshapeCard(v),
    description: v.description,
    createdAt: parseApiDate(v.date),
    player: playerOf(v.video_type, v.video_src),
    poster: safeImageUrl(v.poster) || safeImageUrl(v.thumb),
    category: v.category && v.category.id > 0 ? { id: v.category.id, title: v.category.title.trim() || `Category ${v.category.id}` } : null,
    tags: v.tags.filter((t) => t.title.trim()).map((t) => ({ id: t.id, title: t.title.trim() })),
    ratingCount: v.total_vote,
    isRated: v.is_rated,
    canEdit: v.can_edit,
    canDelete: v.can_delete,
    canEmbed: v.can_embed,
    settings: ownerSettingsOf(v),
  };
}

function listQuery(f: VideoFilters, fields: string) {
  return {
    keywords: f.keywords?.trim() || undefined,
    sort: f.sort,
    category_id: f.categoryId,
    user_id: f.userId,
    page: f.page ?? 1,
    limit: f.limit ?? 12,
    fields,
  };
}

const listSchema = lenientArray(videoSchema);

/** The extensions of a video's card in a post (the spec's attachment fields are parsed by the activity's schema). */
const postedVideoSchema = z.looseObject({
  width: side,
  height: side,
  duration: str,
  status: z.enum(STATUSES).catch('processed'),
  video_type: str,
  video_src: str,
});

/**
 * A post's video card, from the attachment the API gives (`card`: its id, title and 500 px
 * poster, already parsed; `raw`: the same object, for the card's extensions). A server that sends
 * no `video_type` gives a card that is not playable here: undefined (the post shows it as a link).
 */
export function reshapePostedVideo(card: { id: number; title: string; img: string }, raw: unknown): PostedVideo | undefined {
  const v = postedVideoSchema.parse(raw);
  if (!v.video_type) return undefined;
  return {
    id: card.id,
    title: card.title.trim() || 'Untitled video',
    width: v.width,
    height: v.height,
    poster: safeImageUrl(card.img),
    player: playerOf(v.video_type, v.video_src),
    status: v.status,
    statusMessage: '',
    duration: v.duration,
  };
}

/** Videos the reader may see; undefined from a server without videos. One member's (`userId`) who is not there is the API's 404. */
export async function listVideos(token: string, filters: VideoFilters = {}): Promise<MyVideo[] | undefined> {
  try {
    return listSchema.parse(await apiFetch(apiConfig(), '/videos', { token, query: listQuery(filters, LIST_FIELDS) })).map(reshapeCard);
  } catch (e) {
    if (isMissingExtension(e) && !(filters.userId !== undefined && isApiError(e, 404))) return undefined;
    throw e;
  }
}

/** The reader's own videos, in every state (or in `status`); undefined from a server without videos. */
export async function listMyVideos(
  token: string,
  filters: Omit<VideoFilters, 'userId'> & { status?: VideoStatus } = {},
): Promise<MyVideo[] | undefined> {
  const { user_id: _, ...query } = listQuery(filters, MY_FIELDS);
  try {
    return listSchema
      .parse(await apiFetch(apiConfig(), '/videos/my', { token, query: { ...query, status: filters.status } }))
      .map(reshapeCard);
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

/** The state of some of the reader's own videos (the list's poll): those of `ids` still there, by id. */
export async function getMyVideoStates(token: string, ids: readonly number[]): Promise<MyVideo[]> {
  const wanted = new Set(ids);
  // The newest 50 are the ones being converted: what is polled was added a moment ago.
  const mine = (await listMyVideos(token, { limit: 50 })) ?? [];
  return mine.filter((v) => wanted.has(v.id));
}

async function getDetail(
  token: string,
  id: number,
  fields: string,
  query: Record<string, string | number> = {},
): Promise<ApiVideo | undefined> {
  try {
    // A server that refuses the social fields' names is asked again without them (socialOf then reads them from /core).
    return videoDetailSchema.parse(await getWithFields(token, `/videos/${id}`, query, fields, EDIT_FIELDS));
  } catch (e) {
    if (isApiError(e, 404) || isMissingExtension(e)) return undefined;
    throw e;
  }
}

/** A video on its own page, with its likes and comments; undefined when it is not there or not the reader's to see. */
export async function getVideo(token: string, id: number, viewerId: number, read?: DetailRead): Promise<Video | undefined> {
  const raw = await getDetail(token, id, DETAIL_FIELDS, visitQuery(read));
  if (!raw) return undefined;
  const video = reshapeDetail(raw);
  const social = await socialOf(token, { type: 'video', id: raw.id }, raw, viewerId, { share: video.status === 'processed' });
  return { ...video, social };
}

/**
 * A video another site may play (`can_embed`: converted, and everyone may see it), as its embedded
 * player shows it; undefined for any other (lib/videos/embed.ts). `token`: the BFF's own.
 */
export async function getEmbeddableVideo(token: string, id: number): Promise<Omit<Video, 'social'> | undefined> {
  const raw = await getDetail(token, id, EMBED_FIELDS);
  return raw?.can_embed ? reshapeDetail(raw) : undefined;
}

/**
 * A video sent in a message, read through its conversation as a message's card shows it (its
 * conversion followed); undefined when it is gone or the conversation is no longer the reader's.
 */
export async function getMessageVideo(token: string, id: number, conversationId: number): Promise<PostedVideo | undefined> {
  const raw = await getDetail(token, id, MESSAGE_VIDEO_FIELDS, { conversation_id: conversationId, ...NOT_A_VISIT });
  if (!raw) return undefined;
  const { title, width, height, poster, player, status, statusMessage, duration } = reshapeDetail(raw);
  return { id: raw.id, title, width, height, poster, player, status, statusMessage, duration, conversationId };
}

/** A video as its edit form needs it (no likes, no comments); undefined when it is not there. */
export async function getVideoForEditing(token: string, id: number): Promise<Omit<Video, 'social'> | undefined> {
  const raw = await getDetail(token, id, EDIT_FIELDS, NOT_A_VISIT);
  return raw && reshapeDetail(raw);
}

/** A video's settings as a form gives them. */
export interface VideoSettingsInput {
  title: string;
  description: string;
  tags: string[];
  /** 0 or undefined: none. */
  categoryId?: number;
  authView: string;
  authComment: string;
  searchable: boolean;
}

/** The API's form of a video's settings. */
export function videoSettingsForm(s: VideoSettingsInput): Record<string, string | number | undefined> {
  return {
    title: s.title || undefined,
    description: s.description,
    tags: s.tags.join(','),
    category_id: s.categoryId || undefined,
    allow_search: s.searchable ? 1 : 0,
    auth_view: s.authView,
    auth_comment: s.authComment,
  };
}

const createdSchema = z.looseObject({ video_id: id });

/** Adds a YouTube or Vimeo video by its address (the provider's title when none is given); answers its id. */
export async function createVideoLink(
  token: string,
  link: { type: 'youtube' | 'vimeo'; url: string },
  s: VideoSettingsInput,
): Promise<number> {
  const data = await apiFetch(apiConfig(), '/videos', { token, form: { type: link.type, url: link.url, ...videoSettingsForm(s) } });
  return createdSchema.parse(data).video_id;
}

/** A video added for a post (POST /videos/compose_upload): unlisted until the post carries it. */
export type ComposedVideo = {
  id: number;
  title: string;
  description: string;
  status: VideoStatus;
  /** The 240 px poster ('' until there is one: an upload has none before its conversion). */
  thumb: string;
};

const composedSchema = z.looseObject({
  video_id: id,
  title: str,
  description: str,
  status: z.enum(STATUSES).catch('to_be_processed'),
  src: str,
});

function reshapeComposed(raw: unknown): ComposedVideo {
  const v = composedSchema.parse(raw);
  return { id: v.video_id, title: v.title.trim(), description: v.description, status: v.status, thumb: safeImageUrl(v.src) };
}

/** Adds a YouTube or Vimeo video for a post by its address (the provider's title and poster). */
export async function addComposeVideoLink(token: string, link: { type: 'youtube' | 'vimeo'; url: string }): Promise<ComposedVideo> {
  return reshapeComposed(
    await apiFetch(apiConfig(), '/videos/compose_upload', { token, form: { type: link.type, url: link.url, c_type: 'wall' } }),
  );
}

/** Uploads take longer than a page read: the file travels at the browser's pace. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Streams an upload (its fields, then its `Filedata` part) to POST /videos; answers the new video's id. */
export async function createVideoUpload(token: string, upload: UploadStream, signal?: AbortSignal): Promise<number> {
  const data = await apiFetch(apiConfig(), '/videos', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
  return createdSchema.parse(data).video_id;
}

/** Streams a post's video (its `Filedata` part) to POST /videos/compose_upload; it is then converted. */
export async function uploadComposeVideo(token: string, upload: UploadStream, signal?: AbortSignal): Promise<ComposedVideo> {
  return reshapeComposed(
    await apiFetch(apiConfig(), '/videos/compose_upload', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
}

export async function updateVideo(token: string, id: number, s: VideoSettingsInput): Promise<void> {
  // An edit without a category leaves the one it had: 0 is not an id the API takes.
  await apiFetch(apiConfig(), `/videos/${id}`, { token, form: videoSettingsForm(s) });
}

/** A video's description alone (its text alternative): a message's video takes the one written beside it. */
export async function describeVideo(token: string, id: number, description: string): Promise<void> {
  await apiFetch(apiConfig(), `/videos/${id}`, { token, form: { description } });
}

export async function deleteVideo(token: string, id: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/videos/${id}`, { method: 'DELETE', token })).message;
}

/**
 * A video's new poster (the extension's POST /videos/{id}/thumb): the frame at `time` seconds
 * into an upload, or a copy of one of one's photos; answers the new poster's address.
 */
export async function setVideoPoster(token: string, id: number, choice: { time: number } | { photoId: number }): Promise<string> {
  const form = 'time' in choice ? { time: choice.time } : { photo_id: choice.photoId };
  const data = await apiFetch(apiConfig(), `/videos/${id}/thumb`, { token, form });
  return safeImageUrl(z.looseObject({ poster: str }).parse(data).poster);
}

/** Rates a video 1–5 (once: a second rating is the API's 403); answers how many ratings it has. */
export async function rateVideo(token: string, id: number, rating: number): Promise<number> {
  const data = await apiFetch(apiConfig(), '/videos/rate', { token, form: { video_id: id, rating } });
  return z.looseObject({ total: num }).parse(data).total;
}

/** What the forms and filters offer: categories, privacy choices, and whether this server takes uploads. */
export interface VideoChoices {
  categories: Array<{ id: number; title: string }>;
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
  /** The server converts uploads (support_types lists Upload). */
  upload: boolean;
}

/** The choices; undefined from a server without videos. */
export async function getVideoChoices(token: string): Promise<VideoChoices | undefined> {
  try {
    const [categories, view, comment, types] = await Promise.all([
      apiFetch(apiConfig(), '/videos/categories', { token }).then((raw) =>
        lenientArray(categorySchema)
          .parse(raw)
          .filter((c) => c.id > 0)
          .map((c) => ({ id: c.id, title: c.title.trim() || `Category ${c.id}` })),
      ),
      apiFetch(apiConfig(), '/videos/view_options', { token }).then(optionList),
      apiFetch(apiConfig(), '/videos/comment_options', { token }).then(optionList),
      apiFetch(apiConfig(), '/videos/support_types', { token }).then((raw) =>
        lenientArray(z.looseObject({ id: num, title: str })).parse(raw),
      ),
    ]);
    return { categories, view, comment, upload: types.some((t) => t.title.toLowerCase() === 'upload') };
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

/**
 * An uploaded video's file (GET /videos/{id}/file; through `conversationId` for a video sent in a
 * message) as the API answers it, the body unread (lib/social-api/media-file.ts): the BFF's file
 * route passes it on as it arrives.
 */
export function fetchVideoFile(
  token: string,
  id: number,
  request: Headers,
  signal: AbortSignal,
  conversationId?: number,
): Promise<Response> {
  const through = conversationId === undefined ? '' : `?conversation_id=${conversationId}`;
  return fetchMediaFile(token, `/videos/${id}/file${through}`, request, signal);
}

/**
 * An uploaded video's file as its embedded player reads it (GET /videos/{id}/player/file): with
 * no token, answered only while the video may be embedded (the API checks at every request).
 */
export function fetchEmbeddedVideoFile(id: number, request: Headers, signal: AbortSignal): Promise<Response> {
  return fetchMediaFile(null, `/videos/${id}/player/file`, request, signal);
}
