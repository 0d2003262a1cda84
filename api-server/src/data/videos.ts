import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { isUniqueViolation, transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { Privacy, VideoStatus, VideosTable, VideoType } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { hasTagContaining, setItemTags } from '../domain/keyword-tags.ts';
import { notifyOwner } from '../domain/notifications.ts';
import { listedFor, visibleTo } from '../domain/visibility.ts';
import { deleteMediaJobs, finishMediaJob, insertMediaJob } from './media-jobs.ts';

// Videos as the videos routes and the media worker read and write them (tables `videos`,
// `video_ratings`, with their keyword tags in `item_tags` and their conversions in `media_jobs`).
// Privacy, tags and the traces an item leaves stay in domain/.

export type VideoRow = Selectable<VideosTable>;

/**
 * The videos other people's lists show the reader (alias `v`): converted, what they may see and
 * what allow_search lets them list.
 */
function videosListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(v.status = 'processed' and v.unlisted = 0 and ${visibleTo('v', readerId)} and ${listedFor('v', readerId)})`;
}

export function getVideo(db: DB, id: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The videos of `ids` that exist, whoever may see them (the cards of a page of posts or messages). */
export function listVideosByIds(db: DB, ids: readonly number[]): Promise<VideoRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('videos')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export interface VideoListFilter {
  /** The reader (null: not signed in). */
  me: number | null;
  /** The reader's own videos, in every status, rather than what others' lists show them. */
  mine: boolean;
  userId?: number;
  categoryId?: number;
  keywords?: string;
  /** The reader's own only: those in this status. */
  status?: VideoStatus;
  sort?: 'creation_date' | 'view_count' | 'rating';
  limit: number;
  offset: number;
}

/** A page of videos, newest (or most viewed, or best rated) first. */
export function listVideos(
  db: DB,
  { me, mine, userId, categoryId, keywords, status, sort, limit, offset }: VideoListFilter,
): Promise<VideoRow[]> {
  let query = db.selectFrom('videos as v').selectAll('v');
  if (mine) {
    query = query.where('v.owner_id', '=', me!);
    if (status !== undefined) query = query.where('v.status', '=', status);
  } else {
    query = query.where(videosListedTo(me));
    // The origin took user_id and ignored it; here it narrows the list to that member's videos.
    if (userId !== undefined) query = query.where('v.owner_id', '=', userId);
  }
  if (categoryId !== undefined) query = query.where('v.category_id', '=', categoryId);
  if (keywords) {
    query = query.where(
      sql<SqlBool>`(${containsText('v.title', keywords)} or ${containsText('v.description', keywords)} or ${hasTagContaining('video', 'v.id', keywords)})`,
    );
  }
  if (sort === 'view_count') query = query.orderBy('v.view_count', 'desc');
  if (sort === 'rating') {
    // The mean rating, unrated last; among equal means, the more votes first.
    query = query
      .orderBy(sql`case when v.rating_count = 0 then 0 else 1.0 * v.rating_sum / v.rating_count end`, 'desc')
      .orderBy('v.rating_count', 'desc');
  }
  return query.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(limit).offset(offset).execute();
}

export interface VideoValues {
  title: string;
  description: string;
  category_id: number | null;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
}

/** What a new video is beyond the form's values: a link, resolved, or an upload waiting for its conversion. */
export type VideoSource =
  | {
      type: Exclude<VideoType, 'upload'>;
      code: string;
      url: string;
      duration: number | null;
      width: number | null;
      height: number | null;
      posterKey: string | null;
    }
  | { type: 'upload' };

/**
 * Stores a new video of `ownerId` with its tags; an upload gets its conversion job in the same
 * transaction (and `place` moves its file in before the transaction ends, so that no worker
 * claims a job whose file is not there). Its id.
 */
export function insertVideo(
  db: DB,
  {
    ownerId,
    values,
    source,
    tags,
    place,
    unlisted = false,
  }: {
    ownerId: number;
    values: VideoValues;
    source: VideoSource;
    tags: string | undefined;
    place?: (id: number) => Promise<void>;
    /** Kept out of every list and search (a video uploaded for a post or a message: migration 021). */
    unlisted?: boolean;
  },
): Promise<number> {
  return transact(db, async (trx) => {
    const t = now();
    const link = source.type === 'upload' ? undefined : source;
    const row = await trx
      .insertInto('videos')
      .values({
        owner_id: ownerId,
        ...values,
        type: source.type,
        code: link?.code ?? null,
        url: link?.url ?? null,
        duration: link?.duration ?? null,
        width: link?.width ?? null,
        height: link?.height ?? null,
        poster_key: link?.posterKey ?? null,
        file_key: null,
        status: link ? 'processed' : 'to_be_processed',
        status_reason: null,
        unlisted: unlisted ? 1 : 0,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setItemTags(trx, 'video', row.id, tags);
    if (!link) {
      await place?.(row.id);
      await insertMediaJob(trx, 'video_convert', row.id);
    }
    return row.id;
  });
}

/** Changes a video's form values and, when `tags` is given, its tags. */
export async function updateVideo(
  db: DB,
  { id, values, tags }: { id: number; values: Partial<VideoValues>; tags: string | undefined },
): Promise<void> {
  await transact(db, async (trx) => {
    await trx
      .updateTable('videos')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
    if (tags !== undefined) await setItemTags(trx, 'video', id, tags);
  });
}

/**
 * A post now carries the video (attachment[type]=video): it is listed from now on, with the title
 * and description the post gave it (those left out stay). In the post's transaction.
 */
export async function postVideo(db: DB, id: number, changes: { title?: string; description?: string }): Promise<void> {
  await db
    .updateTable('videos')
    .set({ ...changes, unlisted: 0, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts `posterKey` in place of the video's poster as long as its poster is still `previous` (null
 * for none): false, with nothing changed, when another change came first.
 */
export async function replaceVideoPoster(db: DB, id: number, previous: string | null, posterKey: string): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ poster_key: posterKey, updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'processed')
    .where((eb) => (previous === null ? eb('poster_key', 'is', null) : eb('poster_key', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a video with its ratings, its job and what it left elsewhere (comments, likes, tags, activities...); its poster's key. */
export function deleteVideo(db: DB, id: number): Promise<string | null> {
  return transact(db, async (trx) => {
    const row = await trx.selectFrom('videos').select('poster_key').where('id', '=', id).executeTakeFirst();
    await deleteItemTraces(trx, 'video', [id]);
    await deleteMediaJobs(trx, 'video_convert', [id]);
    await trx.deleteFrom('video_ratings').where('video_id', '=', id).execute();
    await trx.deleteFrom('videos').where('id', '=', id).execute();
    return row?.poster_key ?? null;
  });
}

/**
 * The member's rating of a video, once: the number of ratings after it, or null when they had
 * rated it already (the primary key refuses a second, whatever the race).
 */
export async function rateVideo(
  db: DB,
  { videoId, userId, rating }: { videoId: number; userId: number; rating: number },
): Promise<number | null> {
  try {
    return await transact(db, async (trx) => {
      await trx.insertInto('video_ratings').values({ video_id: videoId, user_id: userId, rating, created_at: now() }).execute();
      const row = await trx
        .updateTable('videos')
        .set({ rating_sum: sql`rating_sum + ${rating}`, rating_count: sql`rating_count + 1` })
        .where('id', '=', videoId)
        .returning('rating_count')
        .executeTakeFirstOrThrow();
      return Number(row.rating_count);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Which of the videos `ids` the member rated. */
export async function listRatedVideos(db: DB, userId: number | null, ids: readonly number[]): Promise<Set<number>> {
  if (userId === null || !ids.length) return new Set();
  const rows = await db.selectFrom('video_ratings').select('video_id').where('user_id', '=', userId).where('video_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.video_id));
}

/** The video whose conversion a worker claimed starts being processed; its row, undefined when it is gone. */
export async function startConversion(db: DB, id: number): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set({ status: 'being_processed' })
    .where('id', '=', id)
    .where('type', '=', 'upload')
    .returningAll()
    .executeTakeFirst();
}

export interface Converted {
  fileKey: string;
  posterKey: string;
  duration: number;
  width: number;
  height: number;
}

/**
 * Ends a conversion claimed with `job.token`: the video is processed (`result`) or failed (`reason`),
 * and its owner told. False, with nothing changed, when the claim is no longer the worker's (it
 * went silent and another took the job): the caller then removes its own files.
 */
export function finishConversion(
  db: DB,
  job: { id: number; token: string; videoId: number },
  outcome: { result: Converted } | { reason: string },
): Promise<boolean> {
  return transact(db, async (trx) => {
    const ok = 'result' in outcome;
    if (!(await finishMediaJob(trx, job.id, job.token, ok ? null : outcome.reason))) return false;
    const video = await trx
      .updateTable('videos')
      .set(
        ok
          ? {
              status: 'processed',
              status_reason: null,
              file_key: outcome.result.fileKey,
              poster_key: outcome.result.posterKey,
              duration: outcome.result.duration,
              width: outcome.result.width,
              height: outcome.result.height,
            }
          : { status: 'conversion_failed', status_reason: outcome.reason, file_key: null },
      )
      .where('id', '=', job.videoId)
      .returning('owner_id')
      .executeTakeFirst();
    if (video) {
      await notifyOwner(trx, {
        userId: video.owner_id,
        kind: ok ? 'video_processed' : 'video_failed',
        itemType: 'video',
        itemId: job.videoId,
      });
    }
    return true;
  });
}
