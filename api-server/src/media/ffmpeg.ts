import { spawn } from 'node:child_process';

// ffmpeg and ffprobe (Debian's), spawned directly: no wrapper library (fluent-ffmpeg is archived).
// Every run has a time limit, after which the program is killed; its output is read up to a bound.

/** A run that did not end well, with words for the video's owner. */
export class MediaError extends Error {}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Output kept of a run, in characters (ffprobe's JSON of a sane file is a few kilobytes). */
const OUTPUT_MAX = 256 * 1024;

/** Runs `program` with `args`, killed (SIGKILL) after `seconds`. */
function run(program: string, args: readonly string[], seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < OUTPUT_MAX) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < OUTPUT_MAX) stderr += d.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, seconds * 1000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/**
 * A file made from ffmpeg's own generated sources (lavfi: `testsrc2`, `sine`, …) with the output
 * options `options`, within `seconds`: the demo data's clips and songs (seed/media.ts).
 */
export async function generate(
  ffmpegPath: string,
  { sources, options, output, seconds }: { sources: readonly string[]; options: readonly string[]; output: string; seconds: number },
): Promise<void> {
  const inputs = sources.flatMap((s) => ['-f', 'lavfi', '-i', s]);
  const r = await run(ffmpegPath, ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...inputs, ...options, output], seconds);
  if (r.code !== 0) throw new MediaError(r.timedOut ? 'ffmpeg took too long' : `ffmpeg failed: ${r.stderr.trim().slice(0, 300)}`);
}

const available = new Map<string, Promise<boolean>>();

/** Whether `ffmpeg` runs on this machine (asked once per program path). */
export function ffmpegAvailable(ffmpegPath: string): Promise<boolean> {
  let known = available.get(ffmpegPath);
  if (!known) {
    known = run(ffmpegPath, ['-hide_banner', '-version'], 10).then(
      (r) => r.code === 0,
      () => false,
    );
    available.set(ffmpegPath, known);
  }
  return known;
}

export interface Probe {
  /** Seconds (0 when the container tells none). */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface Streams {
  ok: boolean;
  /** The container's duration, seconds (undefined when it tells none). */
  duration?: string;
  streams: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
}

/** What ffprobe reads of `file`'s container and streams (nothing when it cannot read it). */
async function readStreams(ffprobePath: string, file: string, seconds: number): Promise<Streams> {
  const r = await run(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_entries', 'format=duration:stream=codec_type,width,height,duration', file],
    seconds,
  );
  if (r.timedOut) throw new MediaError('Reading the file took too long.');
  let info: { format?: { duration?: string }; streams?: Streams['streams'] };
  try {
    info = JSON.parse(r.stdout) as typeof info;
  } catch {
    info = {};
  }
  return { ok: r.code === 0, duration: info.format?.duration, streams: info.streams ?? [] };
}

/** Seconds, from the container's duration or else the stream's; 0 when neither tells. */
function secondsOf(...values: Array<string | undefined>): number {
  const duration = Number(values.find((v) => v !== undefined) ?? 0);
  return Number.isFinite(duration) && duration > 0 ? duration : 0;
}

/** What ffprobe reads of `file`'s first video stream; a MediaError when it is no video ffmpeg reads. */
export async function probe(ffprobePath: string, file: string, seconds: number): Promise<Probe> {
  const info = await readStreams(ffprobePath, file, seconds);
  const video = info.ok ? info.streams.find((s) => s.codec_type === 'video' && s.width && s.height) : undefined;
  if (!video) throw new MediaError('The file is not a video that can be read.');
  return {
    duration: secondsOf(info.duration, video.duration),
    width: video.width!,
    height: video.height!,
    hasAudio: info.streams.some((s) => s.codec_type === 'audio'),
  };
}

/** The duration (seconds) of `file`'s first audio stream; a MediaError when it is no sound ffmpeg reads. */
export async function probeAudio(ffprobePath: string, file: string, seconds: number): Promise<{ duration: number }> {
  const info = await readStreams(ffprobePath, file, seconds);
  const audio = info.ok ? info.streams.find((s) => s.codec_type === 'audio') : undefined;
  if (!audio) throw new MediaError('The file is not audio that can be read.');
  return { duration: secondsOf(info.duration, audio.duration) };
}

/** The size a video of `width`×`height` is converted to: at most 1080p (1920×1080, or 1080×1920 upright), even sides. */
export function outputSize(width: number, height: number): { width: number; height: number } {
  const [maxW, maxH] = width >= height ? [1920, 1080] : [1080, 1920];
  const scale = Math.min(1, maxW / width, maxH / height);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

/**
 * Converts `input` to an MP4 (H.264, AAC when it has sound, the index first so that a player
 * starts before the whole file came: `+faststart`) of `size`, at most `maxSeconds` long, within
 * `seconds` of time.
 */
export async function convert(
  ffmpegPath: string,
  input: string,
  output: string,
  opts: { size: { width: number; height: number }; hasAudio: boolean; maxSeconds: number; seconds: number },
): Promise<void> {
  const { size, hasAudio, maxSeconds, seconds } = opts;
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']),
    '-sn',
    '-dn',
    '-t',
    String(maxSeconds),
    '-vf',
    `scale=${size.width}:${size.height},setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
  const r = await run(ffmpegPath, args, seconds);
  if (r.timedOut) throw new MediaError(`The conversion took longer than ${seconds} s and was stopped.`);
  if (r.code !== 0) throw new MediaError('The video could not be converted: its format is not supported.');
}

/**
 * Converts `input`'s first audio stream to AAC in an M4A (MP4) file, which every browser plays,
 * with its index first (`+faststart`), at most `maxSeconds` long, within `seconds` of time.
 * Pictures (cover art) and other streams are left out.
 */
export async function convertAudio(
  ffmpegPath: string,
  input: string,
  output: string,
  opts: { maxSeconds: number; seconds: number },
): Promise<void> {
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn', '-sn', '-dn'];
  args.push('-t', String(opts.maxSeconds), '-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', output);
  const r = await run(ffmpegPath, args, opts.seconds);
  if (r.timedOut) throw new MediaError(`The conversion took longer than ${opts.seconds} s and was stopped.`);
  if (r.code !== 0) throw new MediaError('The song could not be converted: its format is not supported.');
}

/** A JPEG of the frame at `at` seconds of `input` (the converted file). */
export async function posterFrame(ffmpegPath: string, input: string, output: string, at: number, seconds: number): Promise<void> {
  const r = await run(
    ffmpegPath,
    [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-f',
      'mjpeg',
      output,
    ],
    seconds,
  );
  if (r.timedOut || r.code !== 0) throw new MediaError('No picture could be taken from the video.');
}
