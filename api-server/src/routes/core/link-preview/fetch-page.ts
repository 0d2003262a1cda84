import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from '#shared/net/addresses.ts';
import { readBody, safeFetch, SafeFetchError, type SafeResponse } from '#shared/net/safe-fetch.ts';
import { ApiError, badRequest, invalidParam } from '../../../errors.ts';

// The page of a link preview, fetched through the one safe outbound fetch that the web's image
// route uses too (shared/net/safe-fetch.ts: http(s) only, every address checked and pinned, for
// each redirect too, one timeout, bodies counted while they stream).

export interface FetchLimits {
  /** Connect, redirects and reading together. */
  timeoutMs: number;
  /** Bytes of (decoded) body read at most; the rest is never downloaded. */
  maxBytes: number;
  maxRedirects: number;
  /** Whether an address may be connected to: isPublicAddress, or anything (tests, a local demo). */
  allowAddress: (ip: string) => boolean;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 2, allowAddress: isPublicAddress };

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  /** The media type without parameters, lowercased; '' when the server named none. */
  contentType: string;
  charset: string | null;
  /** The body as far as it was read; null when the type is not worth reading (images, media…). */
  body: Buffer | null;
}

const upstream = (message: string) => new ApiError(502, 'upstream_error', message);

function describeFailure(code: string): string {
  if (code === 'ECONNREFUSED') return 'The site refused the connection.';
  if (code.startsWith('HPE_')) return 'The site sent an invalid HTTP response.';
  if (/CERT|SSL|TLS|ERR_TLS/.test(code)) return "The site's secure connection could not be verified.";
  return 'The page could not be reached.';
}

/**
 * The answer to a refusal or failure of the outbound fetch: the uri parameter's own faults
 * name it (400), a redirect's are the page's (400 or 502), the other site's failures answer
 * 502 (504 for the timeout) naming what went wrong but nothing of this server.
 */
function failure(err: SafeFetchError, limits: FetchLimits): ApiError {
  const redirected = err.hop > 0;
  switch (err.reason) {
    case 'url':
      return redirected
        ? upstream('The page redirects to an invalid address.')
        : invalidParam('uri', 'must be an absolute http or https URL');
    case 'scheme':
      return redirected
        ? badRequest('The page redirects to an address that is not http or https.')
        : invalidParam('uri', 'must be an http or https URL');
    case 'credentials':
      return redirected
        ? badRequest('The page redirects to an address with a user name or password.')
        : invalidParam('uri', 'must not contain a user name or password');
    case 'address':
      return redirected
        ? badRequest('The page redirects to a private or local network address, which link previews may not reach.')
        : invalidParam('uri', 'points to a private or local network address, which link previews may not reach');
    case 'dns':
      return upstream(`The address of ${err.detail} could not be found.`);
    case 'redirects':
      return upstream(`The page redirects more than ${limits.maxRedirects} times.`);
    case 'timeout':
      return new ApiError(504, 'upstream_error', 'The page took too long to answer.');
    case 'too-large':
    case 'network':
      return upstream(describeFailure(err.detail));
  }
}

/** The body decoded from its Content-Encoding, as a stream. */
function decoded(res: SafeResponse): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res.body;
  res.body.on('error', (err) => decoder.destroy(err));
  return res.body.pipe(decoder);
}

const READABLE = /^(text\/html|application\/xhtml\+xml)$/;

function mediaType(header: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => p.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i)?.[1]).find(Boolean) ?? null;
  return { type: type.trim().toLowerCase(), charset };
}

async function readPage(res: SafeResponse, maxBytes: number): Promise<FetchedPage> {
  if (res.status < 200 || res.status >= 300) throw upstream(`The page answered with HTTP status ${res.status}.`);
  const { type, charset } = mediaType(res.headers['content-type']);
  // Pictures, audio, archives…: what they are is all a preview needs.
  if (type && !READABLE.test(type)) return { url: res.url.href, contentType: type, charset, body: null };
  return { url: res.url.href, contentType: type, charset, body: await readBody(decoded(res), maxBytes, 'cut') };
}

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; SocialLinkPreview/1.0)',
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en',
};

/**
 * Fetches a page for a link preview: at most `maxRedirects` redirects, `timeoutMs` in all, at
 * most `maxBytes` of the decoded body read (see failure() for the answers when it cannot).
 */
export async function fetchPage(uri: string, limits: FetchLimits): Promise<FetchedPage> {
  const { timeoutMs, maxRedirects, allowAddress, maxBytes } = limits;
  try {
    return await safeFetch(uri, { timeoutMs, maxRedirects, allowAddress, headers: HEADERS }, (res) => readPage(res, maxBytes));
  } catch (err) {
    if (err instanceof SafeFetchError) throw failure(err, limits);
    if (err instanceof ApiError) throw err;
    throw upstream(describeFailure(''));
  }
}
