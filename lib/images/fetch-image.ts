import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './addresses.ts';

// Fetches a picture of another site for the image route (app/api/image): http(s) only, every
// address (of the URL and of each redirect) resolved and checked before connecting, and the
// connection made to exactly that address (a second DNS answer cannot point it elsewhere:
// DNS rebinding); no cookie, no Referer, nothing of the reader is sent; the type and the size
// are checked while the bytes arrive, and the download stops at the limit.

export interface ImageFetchOptions {
  /** Bytes at most. */
  maxBytes: number;
  /** Connect, redirects and reading together. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** May this address be connected to? isPublicAddress outside development; anything in it. */
  allowAddress?: (ip: string) => boolean;
}

export interface FetchedImage {
  /** The type read from the first bytes (never the other site's word alone). */
  contentType: ImageType;
  body: Buffer;
}

/** Why a picture is not served, with the status the route answers. */
export class ImageRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif';

/**
 * The picture types served, recognised by their first bytes. SVG is not among them: served
 * from this origin, an SVG opened on its own could run script.
 */
export function sniffImage(head: Buffer): ImageType | undefined {
  const at = (offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'image/gif';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  if (at(4, 'ftypavif') || at(4, 'ftypavis')) return 'image/avif';
  return undefined;
}

/** The URL as one the route will fetch: absolute http(s), no credentials (400 otherwise). */
export function checkImageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageRefusal(400, 'Not a picture address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageRefusal(400, 'Only http and https pictures are shown.');
  if (url.username || url.password) throw new ImageRefusal(400, 'A picture address may not carry a user name or password.');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

async function resolveChecked(url: URL, allow: (ip: string) => boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(url);
  const literal = net.isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new ImageRefusal(502, 'The picture’s site could not be found.');
    }
  }
  // Every address the name has must be allowed: a connection may be made to any of them.
  if (addresses.length === 0) throw new ImageRefusal(502, 'The picture’s site could not be found.');
  if (addresses.some((a) => !allow(a.address))) throw new ImageRefusal(403, 'Pictures on private or local network addresses are not shown.');
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function get(url: URL, target: { address: string; family: 4 | 6 }, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (opts.all) cb(null, [target]);
        else cb(null, target.address, target.family);
      }) as never,
      signal,
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; SocialImageProxy/1.0)',
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
        'accept-encoding': 'identity',
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads the body, refusing it as soon as it is over `max` bytes or its first bytes are no picture. */
async function readImage(res: http.IncomingMessage, max: number): Promise<FetchedImage> {
  const chunks: Buffer[] = [];
  let size = 0;
  let type: ImageType | undefined;
  try {
    for await (const chunk of res) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > max) throw new ImageRefusal(413, 'The picture is too large.');
      chunks.push(buf);
      if (!type && size >= 16) {
        type = sniffImage(Buffer.concat(chunks));
        if (!type) throw new ImageRefusal(415, 'That address is not a picture.');
      }
    }
  } finally {
    res.destroy();
  }
  const body = Buffer.concat(chunks, size);
  type ??= sniffImage(body);
  if (!type) throw new ImageRefusal(415, 'That address is not a picture.');
  return { contentType: type, body };
}

/** Fetches an image (see the top of this file); throws ImageRefusal with the route's status. */
export async function fetchImage(raw: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const { maxBytes, timeoutMs = 8000, maxRedirects = 3, allowAddress = isPublicAddress } = options;
  let url = checkImageUrl(raw);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('image fetch timeout')), timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await get(url, await resolveChecked(url, allowAddress), controller.signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (redirects >= maxRedirects) throw new ImageRefusal(502, 'The picture’s address redirects too many times.');
        try {
          url = checkImageUrl(new URL(res.headers.location, url).href);
        } catch (err) {
          throw err instanceof ImageRefusal ? err : new ImageRefusal(502, 'The picture’s address redirects to an invalid address.');
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new ImageRefusal(502, `The picture’s site answered ${status}.`);
      }
      const declared = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!declared.startsWith('image/') || declared.includes('svg')) {
        res.destroy();
        throw new ImageRefusal(415, 'That address is not a picture.');
      }
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes) {
        res.destroy();
        throw new ImageRefusal(413, 'The picture is too large.');
      }
      return await readImage(res, maxBytes);
    }
  } catch (err) {
    if (err instanceof ImageRefusal) throw err;
    if (controller.signal.aborted) throw new ImageRefusal(504, 'The picture’s site took too long to answer.');
    throw new ImageRefusal(502, 'The picture could not be fetched.');
  } finally {
    clearTimeout(timer);
  }
}
