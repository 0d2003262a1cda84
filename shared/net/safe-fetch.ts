import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { isPublicAddress } from './addresses.ts';
import { deadline } from './deadline.ts';

// The one outbound fetch of an address a member gave, for both processes: the web's image
// route (lib/images/fetch-image.ts) and the API's link preview
// (api-server/src/routes/core/link-preview/fetch-page.ts). Node built-ins only, so that either
// can import it. http(s) without credentials only; the host of the URL and of every redirect
// resolved once and every address it has checked (addresses.ts) before connecting, and the
// connection made to exactly the address checked (a second DNS answer cannot point it
// elsewhere: DNS rebinding); a bound on redirects, one timeout for connecting, redirects and
// reading together, and bodies counted while they stream. Nothing of the reader is sent: no
// cookie, no Referer, only the caller's headers.

/** Why a fetch was refused or failed; each caller answers it with its own status and words. */
export type SafeFetchReason =
  | 'url' // not an absolute URL (or a redirect's Location that is not one)
  | 'scheme' // not http or https
  | 'credentials' // a user name or password in the URL
  | 'address' // the host is, or resolves to, an address the policy refuses
  | 'dns' // the host could not be resolved
  | 'redirects' // more redirects than allowed
  | 'timeout'
  | 'too-large' // the body is over the limit (readBody with 'refuse')
  | 'network'; // the connection failed, or the answer was not valid HTTP

export class SafeFetchError extends Error {
  readonly reason: SafeFetchReason;
  /** 0 for the address asked for, n for the nth redirect's. */
  readonly hop: number;
  /** The host that could not be resolved ('dns'), or the system error's code ('network'). */
  readonly detail: string;

  constructor(reason: SafeFetchReason, hop: number, detail = '') {
    super(`outbound fetch refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.reason = reason;
    this.hop = hop;
    this.detail = detail;
  }
}

export interface SafeFetchOptions {
  /** Connecting, redirects and reading together. */
  timeoutMs: number;
  maxRedirects: number;
  /** May this address be connected to? isPublicAddress unless a switch allows private ones. */
  allowAddress?: (ip: string) => boolean;
  headers?: Record<string, string>;
}

export interface SafeResponse {
  /** The final URL, after redirects. */
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
}

/** Every address may be connected to: what the callers' "allow private" switches pass. */
export const anyAddress = (): boolean => true;

/** The URL as one that may be fetched: absolute http(s), a host, no credentials. */
function checkUrl(raw: string | URL, hop = 0): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('url', hop);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme', hop);
  if (!url.hostname) throw new SafeFetchError('url', hop);
  if (url.username || url.password) throw new SafeFetchError('credentials', hop);
  return url;
}

interface Target {
  address: string;
  family: 4 | 6;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

/** The address to connect to: every address of the host must be allowed, as any may be used. */
async function resolveChecked(url: URL, hop: number, allow: (ip: string) => boolean, signal: AbortSignal): Promise<Target> {
  const host = bareHost(url);
  const literal = net.isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await abortable(dns.promises.lookup(host, { all: true, verbatim: true }), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new SafeFetchError('dns', hop, host);
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('dns', hop, host);
  if (addresses.some((a) => !allow(a.address))) throw new SafeFetchError('address', hop);
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function request(url: URL, target: Target, headers: Record<string, string>, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // A fresh connection each time, made to the checked address whatever the name.
      agent: false,
      lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (opts.all) cb(null, [target]);
        else cb(null, target.address, target.family);
      }) as never,
      signal,
      headers,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

const systemCode = (err: unknown) => String((err as { code?: unknown }).code ?? '');

/**
 * Fetches `raw` (see the top of this file) and hands the final answer, whatever its status, to
 * `read`, within the same timeout; the connection is closed once `read` is done. Throws a
 * SafeFetchError, or what `read` throws.
 */
export async function safeFetch<T>(raw: string, options: SafeFetchOptions, read: (res: SafeResponse) => Promise<T>): Promise<T> {
  const { timeoutMs, maxRedirects, allowAddress = isPublicAddress, headers = {} } = options;
  let url = checkUrl(raw);
  const time = deadline(timeoutMs);
  const { signal } = time;
  let res: http.IncomingMessage | undefined;
  let hop = 0;
  let reading = false;
  try {
    for (; ; hop++) {
      res = await request(url, await resolveChecked(url, hop, allowAddress, signal), headers, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= maxRedirects) throw new SafeFetchError('redirects', hop + 1);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new SafeFetchError('url', hop + 1);
        }
        url = checkUrl(next, hop + 1);
        continue;
      }
      reading = true;
      return await abortable(read({ url, status, headers: res.headers, body: res }), signal);
    }
  } catch (err) {
    if (signal.aborted) throw new SafeFetchError('timeout', hop);
    // What `read` throws is the caller's (a body's stream errors reach it as SafeFetchError).
    if (err instanceof SafeFetchError || reading) throw err;
    throw new SafeFetchError('network', hop, systemCode(err));
  } finally {
    time.end();
    res?.destroy();
  }
}

/**
 * The body's chunks, counted as they arrive: over `maxBytes`, 'cut' ends with the bytes up to
 * the limit and 'refuse' throws 'too-large'; the rest is never downloaded.
 */
export async function* limitedChunks(body: Readable, maxBytes: number, over: 'cut' | 'refuse'): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      if (size + buf.length > maxBytes) {
        if (over === 'refuse') throw new SafeFetchError('too-large', 0);
        if (maxBytes > size) yield buf.subarray(0, maxBytes - size);
        return;
      }
      size += buf.length;
      yield buf;
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    throw new SafeFetchError('network', 0, systemCode(err));
  } finally {
    body.destroy();
  }
}

/** The whole body, at most `maxBytes` (see limitedChunks). */
export async function readBody(body: Readable, maxBytes: number, over: 'cut' | 'refuse'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of limitedChunks(body, maxBytes, over)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
