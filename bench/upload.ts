// `npm run bench`: a 10 MB photo uploaded through the web client's upload route
// (/api/upload/photos, which streams it on to the API's POST /albums/photo_upload) against the
// same photo sent straight to the API. What it shows:
// - the time and throughput of each way (uploads alternating, at loopback speed);
// - the web server's resident memory (RSS, from /proc) before, at its highest during, and after
//   those uploads. RSS also counts garbage V8 has not collected yet, and an upload leaves some
//   10 MB of short-lived chunks behind it, so RSS alone cannot tell streaming from buffering;
// - therefore also what the server really holds while it passes one photo on: the memory probe
//   (bench/memory-probe.ts) collects garbage as often as it can (every 10 ms, each sample two
//   full collections: 50-120 ms in all) and records what is left, while the photo is sent at
//   about 4 MiB/s (a fast connection's upload), so that an upload lasts some 2.5 s and is
//   sampled 20-50 times all along. A route that streams holds a few chunks; one that
//   buffered would hold the whole photo by the end;
// - the same for a 100 MiB video through the compose box's route (/api/upload/compose-video →
//   POST /videos/compose_upload; issue 49: less than 16 MiB more), sent at 8 MiB/s.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { png } from '../lib/testing/pictures.ts';
import type { MemorySample } from './memory-probe.ts';
import { rssBytes } from './proc.ts';

export interface UploadBenchOptions {
  /** The web app's origin (the route checks Origin against it). */
  web: string;
  /** The signed-in session's cookie header. */
  cookie: string;
  /** Where a client sends the photo straight to the API: `…/api/v1`. */
  apiBase: string;
  /** A token of the same user for the API. */
  token: string;
  /** The web server's process id (its tree is measured). */
  webPid: number;
  /** The web server's memory probe directory (BENCH_MEMORY_PROBE). */
  probeDir: string;
  /** Uploads each way, alternating. */
  count: number;
}

export interface UploadBenchResult {
  fileBytes: number;
  /** Seconds per upload, through the web client and straight to the API. */
  viaWeb: number[];
  direct: number[];
  rss: { before: number; peak: number; after: number };
  /** What the web server holds after a full collection: just before the paced upload, and at most during it. */
  live: Held;
  /** The same for the video (null on a server that converts no videos). */
  video: { fileBytes: number; live: Held } | null;
}

type Held = { before: number; peak: number; samples: number; seconds: number; parts: HeldParts };

/** What the highest sample held more than the one before the upload, by kind of memory. */
export interface HeldParts {
  heap: number;
  buffers: number;
  /** Native memory outside the heap that is not a Buffer (external strings, parsers, …). */
  otherNative: number;
}

type Form = { body: Uint8Array<ArrayBuffer>; contentType: string };

/** A multipart body with the file as Filedata, as a browser's form sends it. */
async function multipart(file: Buffer, name = 'bench.png', type = 'image/png'): Promise<Form> {
  const form = new FormData();
  form.append('Filedata', new Blob([new Uint8Array(file)], { type }), name);
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** The body sent in 64 KiB pieces at about `bytesPerSecond`. */
function paced(body: Uint8Array, bytesPerSecond: number): ReadableStream<Uint8Array> {
  const piece = 64 * 1024;
  let at = 0;
  const started = performance.now();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= body.length) return controller.close();
      const wait = started + (at / bytesPerSecond) * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      controller.enqueue(body.slice(at, at + piece));
      at += piece;
    },
  });
}

/** One upload; answers its seconds, or throws with what came back (`idKey`: the answer's id of what was made). */
async function upload(
  url: string,
  headers: Record<string, string>,
  form: Form,
  bytesPerSecond?: number,
  idKey = 'photo_id',
): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': form.contentType, 'content-length': String(form.body.length) },
    body: bytesPerSecond ? paced(form.body, bytesPerSecond) : form.body,
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  let json: Record<string, unknown> & { data?: Record<string, unknown> } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // reported below
  }
  if (!res.ok || (typeof json[idKey] !== 'number' && typeof json.data?.[idKey] !== 'number')) {
    throw new Error(`upload to ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return seconds;
}

/** Samples the resident memory of a process tree every few milliseconds while `run` runs; answers the highest. */
async function peakRss<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 5);
  try {
    const result = await run();
    peak = Math.max(peak, rssBytes(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `run` with the memory probe on; answers what it recorded before and during it. */
async function probed(probeDir: string, run: () => Promise<unknown>): Promise<Held> {
  const on = path.join(probeDir, 'on');
  const samplesFile = path.join(probeDir, 'samples.jsonl');
  fs.rmSync(samplesFile, { force: true });
  fs.writeFileSync(on, '');
  let started = 0;
  let ended = 0;
  try {
    // At least one sample before the upload: the probe takes one every 10 ms, but on a busy
    // machine its first two full collections can take longer than a fixed wait (2026-12-03: none
    // in 300 ms, and the whole run was lost at its last step).
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(samplesFile) && Date.now() < deadline) await sleep(100);
    await sleep(200);
    started = Date.now();
    await run();
    ended = Date.now();
    await sleep(100);
  } finally {
    fs.rmSync(on, { force: true });
  }
  await sleep(50);
  const samples = (fs.existsSync(samplesFile) ? fs.readFileSync(samplesFile, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample);
  const before = samples.filter((s) => s.t < started);
  const during = samples.filter((s) => s.t >= started && s.t <= ended);
  if (!before.length || during.length < 10) {
    throw new Error(
      `the memory probe recorded ${before.length} samples before and ${during.length} during the upload (is the web server started with it?)`,
    );
  }
  // The last sample before: the first collections also clear what earlier requests left.
  const first = before.at(-1)!;
  const highest = during.reduce((a, b) => (b.live > a.live ? b : a));
  const native = (s: MemorySample) => s.live - s.heap - s.buffers;
  return {
    before: first.live,
    peak: highest.live,
    parts: { heap: highest.heap - first.heap, buffers: highest.buffers - first.buffers, otherNative: native(highest) - native(first) },
    samples: during.length,
    seconds: (ended - started) / 1000,
  };
}

/** The paced upload's speed, while the memory probe samples. */
const PACED_BYTES_PER_SECOND = 4 * 1024 * 1024;

/** Width and height of a noise PNG (stored uncompressed) just under 10 MiB, the API's default limit. */
const SIDE = 1860;

/** The video's size: issue 49's measure. */
const VIDEO_BYTES = 100 * 1024 * 1024;

/**
 * A 100 MiB MP4: a one-second clip made by ffmpeg, its index first, then zeros to the size (a
 * reader stops at the clip's boxes, so the API's conversion is the clip's: a moment, not a load
 * on the browser pass after). undefined without ffmpeg.
 */
function bigVideo(): Buffer | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ]);
    const clip = fs.readFileSync(file);
    return Buffer.concat([clip, Buffer.alloc(VIDEO_BYTES - clip.length)]);
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The video's paced upload's speed (a 100 MiB file in some 12 s). */
const VIDEO_BYTES_PER_SECOND = 8 * 1024 * 1024;

/** The uploads each way, alternating, then one more through the route with the memory probe on, then the video's. */
export async function benchUploads(o: UploadBenchOptions): Promise<UploadBenchResult> {
  console.log(`\nuploading a 10 MB photo ${o.count} times through the web client and ${o.count} times straight to the API …`);
  const viaWebUrl = `${o.web}/api/upload/photos`;
  const viaWebHeaders = { cookie: o.cookie, origin: o.web };
  const directUrl = `${o.apiBase}/albums/photo_upload`;
  const directHeaders = { authorization: `Bearer ${o.token}` };

  // The route's code loaded and both ways warm before anything is measured.
  const small = await multipart(png(32, 32));
  await upload(viaWebUrl, viaWebHeaders, small);
  await upload(directUrl, directHeaders, small);

  const picture = png(SIDE, SIDE);
  const form = await multipart(picture);
  await sleep(1000);
  const before = rssBytes(o.webPid);
  let peak = before;
  const viaWeb: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < o.count; i += 1) {
    const run = await peakRss(o.webPid, () => upload(viaWebUrl, viaWebHeaders, form));
    viaWeb.push(run.result);
    peak = Math.max(peak, run.peak);
    direct.push(await upload(directUrl, directHeaders, form));
  }
  await sleep(1000);
  const after = rssBytes(o.webPid);

  const live = await probed(o.probeDir, () => upload(viaWebUrl, viaWebHeaders, form, PACED_BYTES_PER_SECOND));
  return { fileBytes: picture.length, viaWeb, direct, rss: { before, peak, after }, live, video: await benchVideo(o) };
}

/** The 100 MiB video through the compose box's route with the memory probe on; null where the API takes no uploaded videos. */
async function benchVideo(o: UploadBenchOptions): Promise<UploadBenchResult['video']> {
  const types = await fetch(`${o.apiBase}/videos/support_types`, { headers: { authorization: `Bearer ${o.token}` } });
  const takesUploads =
    types.ok && ((await types.json()) as { data?: Array<{ title?: string }> }).data?.some((t) => /^upload$/i.test(t.title ?? '')) === true;
  const video = takesUploads ? bigVideo() : undefined;
  if (!video) {
    console.log('no video upload: the API converts no videos here (or ffmpeg is missing)');
    return null;
  }
  console.log(`uploading a ${VIDEO_BYTES / (1024 * 1024)} MiB video through the compose box's route …`);
  const form = await multipart(video, 'bench.mp4', 'video/mp4');
  const headers = { cookie: o.cookie, origin: o.web };
  const live = await probed(o.probeDir, () => upload(`${o.web}/api/upload/compose-video`, headers, form, VIDEO_BYTES_PER_SECOND, 'id'));
  return { fileBytes: video.length, live };
}
