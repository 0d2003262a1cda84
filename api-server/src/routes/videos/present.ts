import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { getVideo, listRatedVideos, listVideosByIds, type VideoRow } from '../../data/videos.ts';
import { formatDate } from '../../domain/format.ts';
import { presentItemParts, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import { webHref, type AttachmentCard } from '../../domain/items.ts';
import { sentInConversation } from '../../domain/messages.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../http/fields.ts';
import { embedUrl } from '../../media/links.ts';
import { imageUrl } from '../../storage/images.ts';

/** The origin's fields (Helper/Video.php): a list's, the reader's own list's, a video's. */
const VIDEO_LIST_FIELDS = ['id', 'title', 'duration', 'thumb', 'owner', 'total_view', 'rating'] as const;
const VIDEO_MY_FIELDS = [...VIDEO_LIST_FIELDS, 'description', 'date', 'total_comment', 'total_like', 'status'] as const;
const VIDEO_DETAIL_FIELDS = [
  ...VIDEO_MY_FIELDS,
  'total_vote',
  'is_rated',
  'video_type',
  'video_src',
  'category',
  'tags',
  'can_edit',
  'can_delete',
  'can_embed',
] as const;
/**
 * Extensions (docs/api.md, "Extensions": Videos): the picture's size and the poster, answered by
 * default so that a client reserves the player's box; on request, the duration in seconds, why
 * a conversion failed, the owner's settings and the social fields an activity has.
 */
const SIZE_FIELDS = ['width', 'height', 'poster'] as const;
export const VIDEO_ALLOWED = [
  ...VIDEO_DETAIL_FIELDS,
  ...SIZE_FIELDS,
  'duration_seconds',
  'status_message',
  'allow_search',
  'auth_view',
  'auth_comment',
  ...SOCIAL_FIELDS,
] as const;
export type VideoField = (typeof VIDEO_ALLOWED)[number];
export const LIST_DEFAULTS = [...VIDEO_LIST_FIELDS, ...SIZE_FIELDS];
export const MY_DEFAULTS = [...VIDEO_MY_FIELDS, ...SIZE_FIELDS];
export const DETAIL_DEFAULTS = [...VIDEO_DETAIL_FIELDS, ...SIZE_FIELDS];

/** The origin's words for a status (the owner reads them on their list). */
const STATUS_MESSAGES = {
  to_be_processed: 'Your video is in queue to be processed - you will be notified when it is ready to be viewed.',
  being_processed: 'Your video is currently being processed - you will be notified when it is ready to be viewed.',
  processed: '',
  conversion_failed: 'Video conversion failed. Please try uploading again.',
} as const;

export function isVideoOwner(viewer: Viewer, row: Pick<VideoRow, 'owner_id'>): boolean {
  return viewer.userId !== null && viewer.userId === row.owner_id;
}

/**
 * The video when the reader may see it: one not (yet) converted only by its owner; 404
 * otherwise (absent and hidden look the same).
 */
export async function getVisibleVideo(db: DB, viewer: Viewer, id: number): Promise<VideoRow> {
  const row = await getVideo(db, id);
  if (!row || (!isVideoOwner(viewer, row) && (row.status !== 'processed' || !(await allows(viewer, row.auth_view, row.owner_id))))) {
    throw notFound('The video was not found or you may not see it.');
  }
  return row;
}

/** The origin's duration: m:ss, h:mm:ss from an hour; '' while it is not known. */
function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${String(m).padStart(2, '0')}:${s}`;
}

/**
 * The video when the reader may see it, or when it was sent in the conversation `conversationId`
 * of which the reader is a member (a video sent in a message is seen through it, whatever its
 * own privacy: GET /videos/{id}?conversation_id=); 404 otherwise.
 */
export async function getVideoFor(db: DB, viewer: Viewer, id: number, conversationId: number | undefined): Promise<VideoRow> {
  if (conversationId !== undefined && viewer.userId !== null) {
    if (await sentInConversation(db, { userId: viewer.userId, conversationId, type: 'video', id })) {
      const row = await getVideo(db, id);
      if (row) return row;
    }
  }
  return getVisibleVideo(db, viewer, id);
}

/** Only a video everyone may see can be embedded elsewhere, once converted: a link's player, or an upload's (player.ts). */
export function canEmbed(row: Pick<VideoRow, 'type' | 'file_key' | 'auth_view' | 'status'>): boolean {
  return row.status === 'processed' && row.auth_view === 'everyone' && (row.type !== 'upload' || row.file_key !== null);
}

/**
 * The address a video is played from: its provider's player, or its converted file here ('' until
 * there is one), through the conversation it was sent in when read so.
 */
export function videoSrc(config: Config, row: Pick<VideoRow, 'id' | 'type' | 'code' | 'file_key'>, conversationId?: number): string {
  if (row.type !== 'upload') return embedUrl({ type: row.type, code: row.code! });
  if (!row.file_key) return '';
  const file = `${config.publicUrl}/api/v1/videos/${row.id}/file`;
  return conversationId === undefined ? file : `${file}?conversation_id=${conversationId}`;
}

/**
 * A video as a post or a message carries it: the spec's attachment (id, type, title, description,
 * img, href) with the picture's size, and what a player needs (docs/api.md, "Videos": in posts).
 */
export interface VideoCard extends AttachmentCard {
  type: 'video';
  duration: string;
  duration_seconds: number | null;
  status: VideoRow['status'];
  video_type: VideoRow['type'];
  video_src: string;
}

/**
 * The cards of the videos `ids` that the reader may see in a post: a converted one as its
 * `auth_view` says, one still converting to the same readers (shown as processing), a failed one
 * to its owner alone. With `conversationId`, those a message of it carries, to its members (the
 * caller checked they are one): each whatever its privacy. A deleted video has no card.
 */
export async function videoCards(
  db: DB,
  config: Config,
  ids: readonly number[],
  reader: { viewer: Viewer } | { conversationId: number },
): Promise<Map<number, VideoCard>> {
  const cards = new Map<number, VideoCard>();
  const conversationId = 'conversationId' in reader ? reader.conversationId : undefined;
  for (const r of await listVideosByIds(db, ids)) {
    const shown =
      !('viewer' in reader) ||
      isVideoOwner(reader.viewer, r) ||
      (r.status !== 'conversion_failed' && (await allows(reader.viewer, r.auth_view, r.owner_id)));
    if (!shown) continue;
    cards.set(r.id, {
      id: r.id,
      type: 'video',
      title: r.title,
      description: r.description,
      img: r.poster_key ? imageUrl(config.publicUrl, r.poster_key, '500') : '',
      href: webHref(config, 'video', r.id),
      ...(r.width && r.height ? { width: r.width, height: r.height } : {}),
      duration: formatDuration(r.duration),
      duration_seconds: r.duration,
      status: r.status,
      video_type: r.type,
      video_src: videoSrc(config, r, conversationId),
    });
  }
  return cards;
}

const mean = (r: Pick<VideoRow, 'rating_sum' | 'rating_count'>) =>
  r.rating_count ? Math.round((r.rating_sum / r.rating_count) * 100) / 100 : 0;

/** Videos (already known to be visible to the reader) as the origin's Video, in a fixed number of queries. */
export async function presentVideos(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly VideoRow[],
  fields: readonly VideoField[],
  /** The conversation the videos are read through (their files are then played through it too). */
  conversationId?: number,
): Promise<Array<Partial<Record<VideoField, unknown>>>> {
  const [parts, rated] = await Promise.all([
    presentItemParts(db, config, viewer, 'video', rows, fields),
    fields.includes('is_rated')
      ? listRatedVideos(
          db,
          viewer.userId,
          rows.map((r) => r.id),
        )
      : undefined,
  ]);
  return rows.map((r) => {
    const mine = isVideoOwner(viewer, r);
    const video: Partial<Record<VideoField, unknown>> = {
      id: r.id,
      title: r.title,
      duration: formatDuration(r.duration),
      thumb: r.poster_key ? imageUrl(config.publicUrl, r.poster_key, '240') : '',
      owner: parts.owner(r),
      total_view: r.view_count,
      rating: mean(r),
      description: r.description,
      date: formatDate(r.created_at),
      status: r.status,
      total_vote: r.rating_count,
      is_rated: rated?.has(r.id) ?? false,
      video_type: r.type,
      video_src: videoSrc(config, r, conversationId),
      category: parts.category(r),
      tags: parts.tags(r),
      can_edit: mine,
      can_delete: mine,
      can_embed: canEmbed(r),
      width: r.width,
      height: r.height,
      poster: r.poster_key ? imageUrl(config.publicUrl, r.poster_key, '1024') : '',
      duration_seconds: r.duration,
      status_message: r.status === 'conversion_failed' && r.status_reason ? r.status_reason : STATUS_MESSAGES[r.status],
      // The settings an edit form shows are told to the owner alone (absent for anyone else).
      ...(mine ? { allow_search: r.allow_search === 1, auth_view: r.auth_view, auth_comment: r.auth_comment } : {}),
      ...parts.social(r),
    };
    return pick(video, fields);
  });
}
