// `npm run bench`: a 10 MB photo uploaded through the web client's upload route
// (/api/upload/photos, which streams it on to the API's POST /albums/photo_upload) against the
// same photo sent straight to the API. What it shows: the web server's resident memory before,
// at its highest during, and after the uploads (a route that streams holds a few chunks of the
// file at a time, never the file), and the time and throughput of each way.
import { setTimeout as sleep } from 'node:timers/promises';
import { png } from '../lib/testing/pictures.ts';
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
  /** Uploads each way, alternating. */
  count: number;
}

export interface UploadBenchResult {
  fileBytes: number;
  /** Seconds per upload, through the web client and straight to the API. */
  viaWeb: number[];
  direct: number[];
  rss: { before: number; peak: number; after: number };
}

/** A multipart body with the photo as Filedata, as a browser's form sends it. */
async function multipart(picture: Buffer): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  form.append('Filedata', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'bench.png');
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** One upload; answers its seconds, or throws with what came back. */
async function upload(url: string, headers: Record<string, string>, form: { body: Uint8Array<ArrayBuffer>; contentType: string }): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': form.contentType }, body: form.body });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  let json: { photo_id?: unknown; data?: { photo_id?: unknown } } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // reported below
  }
  if (!res.ok || (typeof json.photo_id !== 'number' && typeof json.data?.photo_id !== 'number')) {
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

/** Width and height of a noise PNG (stored uncompressed) just under 10 MiB, the API's default limit. */
const SIDE = 1860;

export async function benchUploads(o: UploadBenchOptions): Promise<UploadBenchResult> {
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
  return { fileBytes: picture.length, viaWeb, direct, rss: { before, peak, after: rssBytes(o.webPid) } };
}
