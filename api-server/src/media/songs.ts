import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import type { ClaimedJob } from '../data/media-jobs.ts';
import { finishSongConversion, startSongConversion } from '../data/songs.ts';
import { deleteSongFiles, newSongFileKey, songSourceKey } from '../storage/songs.ts';
import { mediaStore } from '../storage/videos.ts';
import { convertAudio, MediaError, probeAudio } from './ffmpeg.ts';

// A song's conversion, run by the media worker (media/worker.ts) for a job of kind song_convert:
// the upload read by ffprobe (sound, and not longer than SONG_MAX_DURATION), converted by ffmpeg
// to AAC in an M4A that every browser plays, and its duration kept. A file that is not sound, too
// long, or whose conversion runs past VIDEO_CONVERT_TIMEOUT fails with the reason, and leaves no file.

/** Seconds ffprobe may take. */
const PROBE_SECONDS = 20;
/** A job that failed this many times (its worker died each time) is given up. */
const MAX_ATTEMPTS = 3;

const limitText = (limit: number) => (limit >= 60 ? `${Math.floor(limit / 60)} minutes` : `${limit} seconds`);

/** Runs one claimed song conversion to its end: processed, or failed with a reason; no file left but the result. */
export async function convertSong(db: DB, config: Config, job: ClaimedJob): Promise<void> {
  const ref = { id: job.id, token: job.claimed_by, songId: job.subject_id };
  const store = mediaStore(config.dataDir);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'song-'));
  let fileKey: string | undefined;
  let kept = false;
  try {
    if (job.attempts > MAX_ATTEMPTS) throw new MediaError('The conversion was interrupted too many times.');
    if (!(await startSongConversion(db, job.subject_id))) throw new MediaError('The song is gone.');
    const source = path.join(config.dataDir, 'media', songSourceKey(job.subject_id));
    const info = await probeAudio(config.ffprobePath, source, PROBE_SECONDS);
    if (info.duration > config.songMaxDuration) throw new MediaError(`The song is longer than ${limitText(config.songMaxDuration)}.`);
    const output = path.join(work, 'song.m4a');
    await convertAudio(config.ffmpegPath, source, output, { maxSeconds: config.songMaxDuration, seconds: config.videoConvertSeconds });
    const out = await probeAudio(config.ffprobePath, output, PROBE_SECONDS);
    fileKey = newSongFileKey(job.subject_id);
    await store.writeFrom(fileKey, output);
    kept = await finishSongConversion(db, ref, { result: { fileKey, duration: Math.round(out.duration) } });
    if (kept) await store.removeAll(songSourceKey(job.subject_id));
  } catch (err) {
    const reason = err instanceof MediaError ? err.message : 'The song could not be converted.';
    // A failed song keeps no file: its upload goes too (unless another worker holds the job now).
    if (await finishSongConversion(db, ref, { reason })) await deleteSongFiles(config.dataDir, job.subject_id);
    if (!(err instanceof MediaError)) throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
    if (!kept && fileKey) await store.removeAll(fileKey);
  }
}
