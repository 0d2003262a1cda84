import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ApiError, badRequest, invalidParam } from '../../../errors.ts';
import { isPublicAddress } from './addresses.ts';

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
const timedOut = () => new ApiError(504, 'upstream_error', 'The page took too long to answer.');

/** The uri parameter as a URL we are willing to fetch (400 naming `uri` otherwise). */
export function checkUri(uri: string): URL {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    throw invalidParam('uri', 'must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidParam('uri', 'must be an http or https URL');
  if (url.username || url.password) throw invalidParam('uri', 'must not contain a user name or password');
  if (!url.hostname) throw invalidParam('uri', 'must name a host');
  return url;
}

interface Target {
  address: string;
  family: 4 | 6;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to for this URL, resolved once and checked; the connection is then
 * made to exactly this address, so a second DNS answer (DNS rebinding) cannot redirect it.
 */
async function resolveTarget(url: URL, allowAddress: FetchLimits['allowAddress'], signal: AbortSignal, redirected: boolean): Promise<Target> {
  const host = bareHost(url);
  let addresses: Array<{ address: string; family: number }>;
  const literal = net.isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    const lookup = dns.promises.lookup(host, { all: true, verbatim: true });
    const aborted = new Promise<never>((_resolve, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    try {
      addresses = await Promise.race([lookup, aborted]);
    } catch (err) {
      if (signal.aborted) throw err;
      throw upstream(`The address of ${host} could not be found.`);
    }
    if (addresses.length === 0) throw upstream(`The address of ${host} could not be found.`);
  }
  if (addresses.some((a) => !allowAddress(a.address))) {
    throw redirected
      ? badRequest('The page redirects to a private or local network address, which link previews may not reach.')
      : invalidParam('uri', 'points to a private or local network address, which link previews may not reach');
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function request(url: URL, target: Target, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // A fresh connection each time, so that it goes to the checked address.
      agent: false,
      lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (opts.all) cb(null, [{ address: target.address, family: target.family }]);
        else cb(null, target.address, target.family);
      }) as never,
      signal,
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; SocialLinkPreview/1.0)',
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en',
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded from its Content-Encoding, as a stream. */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip()
      : encoding === 'deflate' ? zlib.createInflate()
        : encoding === 'br' ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res;
  res.on('error', (err) => decoder.destroy(err));
  return res.pipe(decoder);
}

/** Reads at most `max` bytes and then stops downloading. */
async function readLimited(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (size + buf.length >= max) {
        chunks.push(buf.subarray(0, max - size));
        size = max;
        break;
      }
      chunks.push(buf);
      size += buf.length;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, size);
}

const READABLE = /^(text\/html|application\/xhtml\+xml)$/;

function mediaType(header: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => p.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i)?.[1]).find(Boolean) ?? null;
  return { type: type.trim().toLowerCase(), charset };
}

function describeFailure(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'The site refused the connection.';
  if (code.startsWith('HPE_')) return 'The site sent an invalid HTTP response.';
  if (/CERT|SSL|TLS|ERR_TLS/.test(code)) return "The site's secure connection could not be verified.";
  return 'The page could not be reached.';
}

/**
 * Fetches a page for a link preview: http(s) only, addresses checked (see addresses.ts) for the
 * URL and every redirect, at most `maxRedirects` redirects, `timeoutMs` in all, at most
 * `maxBytes` read. Failures of the other site answer 502 (504 for the timeout) with a message
 * that names what went wrong but nothing of this server.
 */
export async function fetchPage(uri: string, limits: FetchLimits): Promise<FetchedPage> {
  let url = checkUri(uri);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('link preview timeout')), limits.timeoutMs);
  const { signal } = controller;
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await resolveTarget(url, limits.allowAddress, signal, redirects > 0);
      const res = await request(url, target, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (redirects >= limits.maxRedirects) throw upstream(`The page redirects more than ${limits.maxRedirects} times.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw upstream('The page redirects to an invalid address.');
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw badRequest('The page redirects to an address that is not http or https.');
        }
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw upstream(`The page answered with HTTP status ${status}.`);
      }
      const { type, charset } = mediaType(res.headers['content-type']);
      // Pictures, audio, archives…: what they are is all a preview needs.
      if (type && !READABLE.test(type)) {
        res.destroy();
        return { url: url.href, contentType: type, charset, body: null };
      }
      const body = await readLimited(decoded(res), limits.maxBytes);
      res.destroy();
      return { url: url.href, contentType: type, charset, body };
    }
  } catch (err) {
    if (signal.aborted) throw timedOut();
    if (err instanceof ApiError) throw err;
    throw upstream(describeFailure(err));
  } finally {
    clearTimeout(timer);
  }
}
