import type { FastifyInstance } from 'fastify';
import { insertVideo, type VideoSource, type VideoValues } from '../../data/videos.ts';
import { invalidParam, missingParam } from '../../errors.ts';
import { requiredSpooledFile, type SpooledFile } from '../../http/multipart.ts';
import { ffmpegAvailable } from '../../media/ffmpeg.ts';
import { resolveVideoLink } from '../../media/links.ts';
import { deleteImage } from '../../storage/images.ts';
import { deleteVideoFiles, mediaStore, videoSourceKey } from '../../storage/videos.ts';

// What a new video is made of, for POST /videos and POST /videos/compose_upload alike: an upload
// (spooled to disk, moved under the video before its conversion can be claimed) or a link resolved
// through its provider; and the one way either is stored.

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;

/** An upload's spooled file, checked: 400 when this server cannot convert, or the part is no file. */
export async function uploadSource(app: FastifyInstance, file: unknown): Promise<SpooledFile> {
  if (!(await ffmpegAvailable(app.config.ffmpegPath))) {
    throw invalidParam('type', 'upload is not available: this server cannot convert videos (see support_types)');
  }
  return requiredSpooledFile(file, 'Filedata', 'to upload a video');
}

export interface LinkVideo {
  source: Extract<VideoSource, { type: 'youtube' | 'vimeo' }>;
  title: string;
  description: string;
}

/**
 * A YouTube or Vimeo address of `type`, resolved: the member's title and description, or else the
 * provider's. 400 naming `url` for another provider's address, `title` when neither has one (the
 * poster already fetched is removed then).
 */
export async function linkSource(
  app: FastifyInstance,
  { type, url, title, description }: { type: 'youtube' | 'vimeo'; url: string | undefined; title?: string; description: string },
): Promise<LinkVideo> {
  const name = type === 'youtube' ? 'YouTube' : 'Vimeo';
  if (!url?.trim()) throw missingParam('url', `is required for a ${name} video`);
  const link = await resolveVideoLink(app.config, url);
  if (link.type !== type) {
    await deleteImage(app.config.dataDir, link.poster?.key);
    throw invalidParam('url', `is a ${link.type === 'youtube' ? 'YouTube' : 'Vimeo'} address, and type says ${type}`);
  }
  // The provider's title and description stand in for those left out.
  const resolvedTitle = title ?? (link.title || undefined);
  if (resolvedTitle === undefined) {
    await deleteImage(app.config.dataDir, link.poster?.key);
    throw missingParam('title');
  }
  return {
    source: {
      type: link.type,
      code: link.code,
      url: url.trim(),
      duration: link.duration,
      width: link.width,
      height: link.height,
      posterKey: link.poster?.key ?? null,
    },
    title: resolvedTitle,
    description: description || link.description,
  };
}

/**
 * Stores a new video of `ownerId`: an upload moves under it before its job can be claimed, and the
 * worker is woken; on a failure nothing is left (neither the moved upload nor a link's poster). Its id.
 */
export async function storeVideo(
  app: FastifyInstance,
  opts: { ownerId: number; values: VideoValues; source: VideoSource; upload?: SpooledFile; tags?: string; unlisted?: boolean },
): Promise<number> {
  const { source, upload } = opts;
  let placed: number | undefined;
  try {
    const id = await insertVideo(app.db, {
      ownerId: opts.ownerId,
      values: {
        ...opts.values,
        title: opts.values.title.slice(0, TITLE_MAX),
        description: opts.values.description.slice(0, DESCRIPTION_MAX),
      },
      source,
      tags: opts.tags,
      unlisted: opts.unlisted,
      place: async (videoId) => {
        placed = videoId;
        await mediaStore(app.config.dataDir).writeFrom(videoSourceKey(videoId), upload!.path);
      },
    });
    if (source.type === 'upload') app.mediaWorker?.wake();
    return id;
  } catch (err) {
    if (placed !== undefined) await deleteVideoFiles(app.config.dataDir, placed);
    if (source.type !== 'upload') await deleteImage(app.config.dataDir, source.posterKey);
    throw err;
  }
}
