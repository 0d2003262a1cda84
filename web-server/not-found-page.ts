// A page read that Next answers 404 is rendered again, as its not-found page, before a byte of it
// is sent. Next 16 answers a page's notFound() in production with an error shell (React renders
// no error boundary on the server, and the not-found boundary is one): an empty body that the
// page's script fills. Without script a reader saw a blank page for every address that names
// nothing and every item gone or hidden from them, and with it saw nothing until the script ran.
//
// So when Next's answer to a document read (GET or HEAD, not a client navigation's RSC request)
// is a 404 page, what it writes is held back and dropped, and the same address is asked for again
// with NOT_FOUND_PAGE_HEADER, which next.config.js rewrites to app/(site)/not-found-page: the
// not-found.tsx Next would have shown for the address, in the site's chrome, the address the
// browser shows unchanged. Its answer goes out with the 404. A client navigation gets Next's own
// answer, which the router draws with the page's not-found boundary. Written by hand: Next has no
// hook between a render's status and its first byte.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { NOT_FOUND_PAGE_HEADER, PREPARED_HEADER } from '../lib/page-headers.ts';

type Write = http.ServerResponse['write'];
type End = http.ServerResponse['end'];
type WriteHead = http.ServerResponse['writeHead'];

/** Whether a request is a document read this may render again (not an RSC request, a build asset, a second request). */
function isDocumentRead(req: http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.rsc !== undefined || req.headers[NOT_FOUND_PAGE_HEADER] !== undefined) return false;
  const url = req.url ?? '';
  return !url.startsWith('/_next/') && !/[?&]_rsc=/.test(url);
}

const isHtml = (res: http.ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * The same request again, with NOT_FOUND_PAGE_HEADER: a new request object (Next keeps what it
 * learnt of a request on the object), the same socket, headers and address, no body.
 */
function askedAgain(req: http.IncomingMessage): http.IncomingMessage {
  const again = new http.IncomingMessage(req.socket);
  again.method = req.method;
  again.url = req.url;
  again.httpVersionMajor = req.httpVersionMajor;
  again.httpVersionMinor = req.httpVersionMinor;
  again.httpVersion = req.httpVersion;
  again.headers = { ...req.headers, [NOT_FOUND_PAGE_HEADER]: '1' };
  again.rawHeaders = [...req.rawHeaders, NOT_FOUND_PAGE_HEADER, '1'];
  again.push(null);
  return again;
}

/** How Next's error shell begins: what it answers a page's notFound() with (app-render's `__next_error__`). */
const ERROR_SHELL = /^<!DOCTYPE html><html id="__next_error__"/i;
/** Enough of an answer to tell the error shell from another page (a route handler's own 404 HTML). */
const SNIFF_BYTES = 64;

type Callback = (error?: Error | null) => void;

/**
 * Watches what Next writes for `req` on `res` (call it after every other wrapper of `res`, just
 * before Next's handler): when a page read's answer is a 404 in Next's error shell, it is dropped
 * unsent, and `render` is called with the request asked again, in the context the request arrived
 * in (not the first render's), its answer sent with status 404. Any other answer, a route
 * handler's own 404 page among them, passes as it was written. Removes a NOT_FOUND_PAGE_HEADER
 * the client sent.
 */
export function renderNotFoundPages(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  render: (req: http.IncomingMessage) => void,
): void {
  delete req.headers[NOT_FOUND_PAGE_HEADER];
  if (!isDocumentRead(req)) return;
  const inArrivalContext = AsyncLocalStorage.snapshot();
  // The headers set before Next's render (the page's own are set again by the second one).
  const before = new Set(res.getHeaderNames());
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  const restore = () => Object.assign(res, original);
  // Until Next writes it is not known; a 404 page is held until its first bytes tell whether it
  // is the error shell; then it is dropped, or it passes, what was held first.
  let state: 'open' | 'holding' | 'passing' | 'dropping' = 'open';
  const held: { writeHead?: unknown[]; flush?: boolean; chunks: Array<[Buffer, Callback | undefined]>; ended?: unknown[] } = { chunks: [] };
  const heldBytes = () => held.chunks.reduce((n, [c]) => n + c.length, 0);

  const open = (status = res.statusCode) => {
    if (state !== 'open') return;
    // Only a page read as Next reads it (web-server/prepare-page.ts prepared it): an address it would
    // spell otherwise (an escape that is not one, dot segments) is its proxy's and keeps Next's answer.
    state = status === 404 && isHtml(res) && req.headers[PREPARED_HEADER] === '1' ? 'holding' : 'passing';
    if (state === 'passing') restore();
  };
  const pass = () => {
    state = 'passing';
    restore();
    if (held.writeHead) (original.writeHead as (...a: unknown[]) => unknown).apply(res, held.writeHead);
    if (held.flush) original.flushHeaders.call(res);
    for (const [chunk, done] of held.chunks) (original.write as (...a: unknown[]) => unknown).call(res, chunk, done);
    if (held.ended) (original.end as (...a: unknown[]) => unknown).apply(res, held.ended);
  };
  const renderAgain = () => {
    restore();
    // What the dropped render set goes with it, but a cookie (a session it renewed stays renewed).
    for (const name of res.getHeaderNames()) if (!before.has(name) && name !== 'set-cookie') res.removeHeader(name);
    sendWith404(res);
    try {
      inArrivalContext(() => render(askedAgain(req)));
    } catch (error) {
      console.error(`Failed to render the not-found page of ${req.url}`, error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
  /** Decides once enough is held (or all of it): the error shell is dropped, anything else passes. */
  const sniff = () => {
    if (state !== 'holding' || (heldBytes() < SNIFF_BYTES && !held.ended)) return;
    const start = Buffer.concat(held.chunks.map(([c]) => c))
      .subarray(0, 200)
      .toString('latin1');
    if (!ERROR_SHELL.test(start)) return pass();
    state = 'dropping';
    for (const [, done] of held.chunks) if (done) process.nextTick(done);
    held.chunks = [];
    if (held.ended) renderAgain();
  };
  const bytes = (chunk: unknown, encoding: unknown) =>
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);

  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    open(status);
    if (state === 'passing') return (original.writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
    if (state === 'holding') held.writeHead = [status, ...rest];
    return this;
  } as WriteHead;
  res.flushHeaders = function (this: http.ServerResponse) {
    open();
    if (state === 'passing') return original.flushHeaders.call(this);
    if (state === 'holding') held.flush = true;
  };
  res.write = function (this: http.ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
    open();
    if (state === 'passing')
      return (original.write as (...a: unknown[]) => boolean).apply(
        this,
        [chunk, encoding, cb].filter((a) => a !== undefined),
      );
    const done = (typeof encoding === 'function' ? encoding : cb) as Callback | undefined;
    if (state === 'holding') {
      held.chunks.push([bytes(chunk, encoding), done]);
      sniff();
    } else if (done) process.nextTick(done);
    return true;
  } as Write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    open();
    if (state === 'passing') return (original.end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    if (state === 'holding') {
      held.ended = args;
      const [chunk, encoding] = args;
      // Held as a write of its own when it carries one (`end(null)`, HEAD's, carries none).
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        held.chunks.push([bytes(chunk, encoding), undefined]);
        held.ended = args.filter((a) => typeof a === 'function');
      }
      sniff();
    } else renderAgain();
    return this;
  } as End;
}

/** The answer that follows goes out as a 404, whatever status its render set. */
function sendWith404(res: http.ServerResponse): void {
  const originals = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const restore = () => Object.assign(res, originals);
  res.writeHead = function (this: http.ServerResponse, _status: number, ...rest: unknown[]) {
    restore();
    return (originals.writeHead as (...a: unknown[]) => http.ServerResponse).call(this, 404, ...rest);
  } as WriteHead;
  // A write or an end before writeHead sends the headers with the status it finds.
  for (const method of ['write', 'end', 'flushHeaders'] as const) {
    (res as unknown as Record<string, unknown>)[method] = function (this: http.ServerResponse, ...args: unknown[]) {
      restore();
      if (!this.headersSent) this.statusCode = 404;
      return (originals[method] as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}
