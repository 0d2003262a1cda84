import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { beatMediaJob, claimMediaJob, type ClaimedJob } from '../data/media-jobs.ts';
import { finishConversion, startConversion, type Converted } from '../data/videos.ts';
import { deleteImage, storeImage, type StoredImage } from '../storage/images.ts';
import { deleteVideoFiles, mediaPath, mediaStore, newVideoFileKey, videoSourceKey } from '../storage/videos.ts';
import { convert, MediaError, outputSize, posterFrame, probe } from './ffmpeg.ts';
import { convertSong } from './songs.ts';

// The media worker of one API instance: it claims conversion jobs from the table every instance
// shares (data/media-jobs.ts), one at a time, outside any request, and converts with ffmpeg
// (media/ffmpeg.ts). While it works it beats (heartbeat_at): a job whose worker died is claimed
// again by another once the beats stop. Every file a conversion makes is named by its claim, so
// that a worker that lost its claim removes its own files and touches nobody else's.

/** Largest picture accepted, in pixels (8K); a larger one is refused before ffmpeg decodes a frame. */
const MAX_PIXELS = 7680 * 4320;
const MAX_SIDE = 8192;
/** Seconds ffprobe and the poster frame may take. */
const PROBE_SECONDS = 20;
/** A job that failed this many times (its worker died each time) is given up. */
const MAX_ATTEMPTS = 3;

export interface MediaWorker {
  /** Claims and runs jobs until none is left; the number it ran. */
  drain(): Promise<number>;
  /** Runs jobs as they come (polling every `pollMs`, and at once after `wake`) until `stop`. */
  start(): void;
  /** A job was just added (by this instance): look now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the job under way. */
  stop(): Promise<void>;
  /** The ids of the jobs this worker finished (tests: each job done once). */
  readonly finished: number[];
}

export interface WorkerOptions {
  db: DB;
  config: Config;
  /** Polls while idle, ms. */
  pollMs?: number;
  /** Beats while working, ms. */
  beatMs?: number;
  /** Logs a job's failure that is not the file's fault. */
  log?: (msg: string, err?: unknown) => void;
}

export function createMediaWorker({ db, config, pollMs = 5000, beatMs = 10_000, log = () => {} }: WorkerOptions): MediaWorker {
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const finished: number[] = [];
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  async function runOne(): Promise<boolean> {
    const token = `${id}:${crypto.randomBytes(6).toString('hex')}`;
    const job = await claimMediaJob(db, token, config.mediaJobStaleSeconds);
    if (!job) return false;
    const beat = setInterval(() => void beatMediaJob(db, job.id, token).catch(() => {}), beatMs);
    try {
      await (job.kind === 'song_convert' ? convertSong(db, config, job) : convertVideo(db, config, job));
      finished.push(job.id);
    } catch (err) {
      log(`media job ${job.id} failed`, err);
    } finally {
      clearInterval(beat);
    }
    return true;
  }

  async function drain(): Promise<number> {
    let n = 0;
    while (await runOne()) n++;
    return n;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = drain()
        .catch((err) => log('media worker', err))
        .finally(() => schedule(pollMs));
    }, ms);
  }

  return {
    drain,
    start() {
      stopped = false;
      schedule(0);
    },
    wake() {
      // Looks once the run under way ends (schedule() is called again then).
      void running.then(() => schedule(0));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    finished,
  };
}

/**
 * The frame at `at` seconds of the video file `input`, stored as a picture (the poster of a
 * conversion, or one its owner chose: POST /videos/{id}/thumb); a MediaError when none can be taken.
 */
export async function storePosterFrame(config: Config, input: string, at: number): Promise<StoredImage> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'poster-'));
  try {
    const file = path.join(work, 'poster.jpg');
    await posterFrame(config.ffmpegPath, input, file, at, PROBE_SECONDS);
    return await storeImage(config.dataDir, await fs.readFile(file), 'poster');
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Runs one claimed conversion to its end: the video processed, or failed with a reason; no file left behind but the results. */
async function convertVideo(db: DB, config: Config, job: ClaimedJob): Promise<void> {
  const ref = { id: job.id, token: job.claimed_by, videoId: job.subject_id };
  const store = mediaStore(config.dataDir);
  const sourceKey = videoSourceKey(job.subject_id);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'video-'));
  let fileKey: string | undefined;
  let posterKey: string | undefined;
  let kept = false;
  try {
    if (job.attempts > MAX_ATTEMPTS) throw new MediaError('The conversion was interrupted too many times.');
    const video = await startConversion(db, job.subject_id);
    if (!video) throw new MediaError('The video is gone.');
    const source = mediaPath(config.dataDir, sourceKey);
    const info = await probe(config.ffprobePath, source, PROBE_SECONDS);
    if (info.width > MAX_SIDE || info.height > MAX_SIDE || info.width * info.height > MAX_PIXELS) {
      throw new MediaError(`The video's picture (${info.width}×${info.height}) is larger than 8K.`);
    }
    if (info.duration > config.videoMaxDuration) {
      const limit = config.videoMaxDuration;
      throw new MediaError(`The video is longer than ${limit >= 60 ? `${Math.floor(limit / 60)} minutes` : `${limit} seconds`}.`);
    }
    const output = path.join(work, 'video.mp4');
    await convert(config.ffmpegPath, source, output, {
      size: outputSize(info.width, info.height),
      hasAudio: info.hasAudio,
      maxSeconds: config.videoMaxDuration,
      seconds: config.videoConvertSeconds,
    });
    const out = await probe(config.ffprobePath, output, PROBE_SECONDS);
    posterKey = (await storePosterFrame(config, output, Math.min(1, out.duration / 2))).key;
    fileKey = newVideoFileKey(job.subject_id);
    await store.writeFrom(fileKey, output);
    const result: Converted = { fileKey, posterKey, duration: Math.round(out.duration), width: out.width, height: out.height };
    kept = await finishConversion(db, ref, { result });
    if (kept) await store.removeAll(sourceKey);
  } catch (err) {
    const reason = err instanceof MediaError ? err.message : 'The video could not be converted.';
    // A failed video keeps no file: its upload goes too (unless another worker holds the job now).
    if (await finishConversion(db, ref, { reason })) await deleteVideoFiles(config.dataDir, job.subject_id);
    if (!(err instanceof MediaError)) throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
    // Results that did not become the video's (failed, or the claim was lost) go.
    if (!kept) {
      if (fileKey) await store.removeAll(fileKey);
      await deleteImage(config.dataDir, posterKey);
    }
  }
}
