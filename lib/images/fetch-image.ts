import { limitedChunks, safeFetch, SafeFetchError, type SafeFetchOptions, type SafeResponse } from '#shared/net/safe-fetch.ts';

// Fetches a picture of another site for the image route (app/api/image) through the one safe
// outbound fetch (shared/net/safe-fetch.ts: http(s) only, every address checked and pinned, for
// each redirect too, one timeout); then the type and the size are checked while the bytes
// arrive, and the download stops at the limit.

export interface ImageFetchOptions {
  /** Bytes at most. */
  maxBytes: number;
  /** Connect, redirects and reading together. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** May this address be connected to? The one policy (shared/net/addresses.ts) unless allowed private. */
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
function sniffImage(head: Buffer): ImageType | undefined {
  const at = (offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'image/gif';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  if (at(4, 'ftypavif') || at(4, 'ftypavis')) return 'image/avif';
  return undefined;
}

/** The route's answer to a refusal or failure of the outbound fetch. */
function refusal(err: SafeFetchError): ImageRefusal {
  switch (err.reason) {
    case 'url':
      return err.hop
        ? new ImageRefusal(502, 'The picture’s address redirects to an invalid address.')
        : new ImageRefusal(400, 'Not a picture address.');
    case 'scheme':
      return new ImageRefusal(400, 'Only http and https pictures are shown.');
    case 'credentials':
      return new ImageRefusal(400, 'A picture address may not carry a user name or password.');
    case 'address':
      return new ImageRefusal(403, 'Pictures on private or local network addresses are not shown.');
    case 'dns':
      return new ImageRefusal(502, 'The picture’s site could not be found.');
    case 'redirects':
      return new ImageRefusal(502, 'The picture’s address redirects too many times.');
    case 'timeout':
      return new ImageRefusal(504, 'The picture’s site took too long to answer.');
    case 'too-large':
      return new ImageRefusal(413, 'The picture is too large.');
    case 'network':
      return new ImageRefusal(502, 'The picture could not be fetched.');
  }
}

const notAPicture = () => new ImageRefusal(415, 'That address is not a picture.');

/** The answer as a picture: its status, declared type and size, then its first bytes. */
async function readImage(res: SafeResponse, maxBytes: number): Promise<FetchedImage> {
  if (res.status < 200 || res.status >= 300) throw new ImageRefusal(502, `The picture’s site answered ${res.status}.`);
  const declared = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!declared.startsWith('image/') || declared.includes('svg')) throw notAPicture();
  const length = Number(res.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes) throw new ImageRefusal(413, 'The picture is too large.');
  const chunks: Buffer[] = [];
  let type: ImageType | undefined;
  for await (const chunk of limitedChunks(res.body, maxBytes, 'refuse')) {
    chunks.push(chunk);
    // Refused as soon as the first bytes show it is no picture, not at the limit.
    if (!type && chunks.reduce((n, c) => n + c.length, 0) >= 16) {
      type = sniffImage(Buffer.concat(chunks));
      if (!type) throw notAPicture();
    }
  }
  const body = Buffer.concat(chunks);
  type ??= sniffImage(body);
  if (!type) throw notAPicture();
  return { contentType: type, body };
}

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; SocialImageProxy/1.0)',
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
  'accept-encoding': 'identity',
};

/** Fetches an image (see the top of this file); throws ImageRefusal with the route's status. */
export async function fetchImage(raw: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const { maxBytes, timeoutMs = 8000, maxRedirects = 3, allowAddress } = options;
  const fetchOptions: SafeFetchOptions = { timeoutMs, maxRedirects, allowAddress, headers: HEADERS };
  try {
    return await safeFetch(raw, fetchOptions, (res) => readImage(res, maxBytes));
  } catch (err) {
    if (err instanceof ImageRefusal) throw err;
    if (err instanceof SafeFetchError) throw refusal(err);
    throw new ImageRefusal(502, 'The picture could not be fetched.');
  }
}
