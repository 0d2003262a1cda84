import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileStore, localFileStore } from './file-store.ts';

// Converted videos: kept in a store of their own (DATA_DIR/media), which no static route serves,
// so that a video is sent only through GET /videos/{id}/file, after its privacy is checked
// (a picture's address, by contrast, is public to whoever holds it). Range requests are answered,
// so that a player seeks without downloading the whole file.

const stores = new Map<string, FileStore>();

/** The store of the videos of the API whose DATA_DIR is `dataDir`. */
export function mediaStore(dataDir: string): FileStore {
  let store = stores.get(dataDir);
  if (!store) stores.set(dataDir, (store = localFileStore(path.join(dataDir, 'media'))));
  return store;
}

/** Where a file of the media store is on this machine's disk (ffmpeg reads it there). */
export function mediaPath(dataDir: string, key: string): string {
  return path.join(dataDir, 'media', key);
}

/** A new name for a video's converted file: `video/<video id>/<random>.mp4` (one per conversion). */
export function newVideoFileKey(videoId: number): string {
  return `video/${videoId}/${crypto.randomBytes(12).toString('hex')}.mp4`;
}

/** The name the upload of video `videoId` waits under until it is converted. */
export function videoSourceKey(videoId: number): string {
  return `video/${videoId}/source`;
}

/** Removes every file of a video: its upload, its converted files. */
export function deleteVideoFiles(dataDir: string, videoId: number): Promise<void> {
  return mediaStore(dataDir).removeAll(`video/${videoId}`);
}

/** One `bytes=` range of a file of `size` bytes: null for none (or several: the whole file is sent), 'unsatisfiable' past its end. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * Sends a converted video (`key`) with HTTP ranges (sendMediaFile).
 */
export function sendVideoFile(req: FastifyRequest, reply: FastifyReply, dataDir: string, key: string): Promise<FastifyReply> {
  return sendMediaFile(req, reply, mediaStore(dataDir), key, 'video/mp4');
}

/**
 * Sends a file of `store` (a converted video or song) with HTTP ranges (RFC 9110 §14): 206 with
 * the part asked for, 416 past its end, 200 with the whole file otherwise. A name never changes
 * content, so its ETag is the name; `If-Range` naming another sends the whole file.
 */
export async function sendMediaFile(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  key: string,
  contentType: string,
): Promise<FastifyReply> {
  const size = await store.size(key);
  if (size === null) throw new Error(`media file ${key} is missing`);
  const etag = `"${path.basename(key).replace(/\.[a-z0-9]+$/, '')}"`;
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    // Privacy is checked per request: browsers may keep it, shared caches may not.
    .header('cache-control', 'private, max-age=3600')
    .type(contentType);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', end - start + 1);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(store.stream(key, { start, end }));
}
