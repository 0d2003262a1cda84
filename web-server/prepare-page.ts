// The production server's share of proxy.ts (web-server/server.ts runs it before Next's handler):
// a page read (GET or HEAD) gets its answer's headers and its nonce here, as the proxy would give
// them (lib/page-headers.ts, one implementation), and a header that makes Next skip its proxy call
// for it. That call — Next's adapter, its request and response objects, the route lookup around a
// function that only sets headers for a read — was a fifth of the product's own CPU per feed render
// (docs/performance.md, "What the proxy costs";
// docs/decisions/0009-prepare-page-ahead-of-proxy.md). Everything else stays the proxy's: requests
// that change things (their checks read the body), an address in a list's old words (redirected), a
// path Next would spell differently, and `next dev` or a plain `next start`, which never come here.
import type http from 'node:http';
import { sessionCookieName } from '../lib/auth/cookies.ts';
import { env } from '../lib/env.ts';
import { NOT_FOUND_PATH, PREPARED_HEADER, pageHeaders, pagePath, validPath } from '../lib/page-headers.ts';
import { LIST_PAGES } from '../lib/routes.ts';

/** proxy.ts's matcher's pattern (its `source`; web-server/prepare-page.test.ts checks they are one). */
export const PROXIED_PATHS = '/((?!_next/static|_next/image|api/upload|api/image).*)';
const proxied = new RegExp(`^${PROXIED_PATHS}$`);

/**
 * Removes a `PREPARED_HEADER` the client sent (every request), then prepares a page read the
 * proxy would only have given headers to. Returns whether it did.
 */
export function preparePage(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  delete req.headers[PREPARED_HEADER];
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = req.url ?? '';
  // Only an address Next reads as it stands: one that URL parsing would spell otherwise (not a
  // path, dot segments, characters it escapes, an empty query) goes to the proxy, which sees Next's reading.
  const url = new URL(raw, 'http://web');
  const { pathname, search } = url;
  if (pathname + search !== raw || !proxied.test(pathname)) return false;
  if (search && LIST_PAGES.get(pathname)?.renewed(url.searchParams) !== undefined) return false;

  const e = env();
  const signedIn = hasCookie(req.headers.cookie, sessionCookieName(e.secure));
  const page = pageHeaders(e, { pathname, path: pagePath(pathname, search), signedIn });
  for (const [name, value] of page.request) req.headers[name] = value;
  for (const [name, value] of page.response) res.setHeader(name, value);
  req.headers[PREPARED_HEADER] = '1';
  // A path that is not valid percent-encoding names no page: it is read as the site's 404 page here,
  // as proxy.ts rewrites it, for Next carries out a proxy's rewrite of an address it cannot decode as
  // a request to itself over HTTP (and a second render's worth of listeners on the answer).
  if (!validPath(pathname)) req.url = NOT_FOUND_PATH;
  return true;
}

/** Whether a Cookie header names `name` (as a NextRequest's cookies read it: `;`-separated pairs). */
function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if ((eq === -1 ? pair : pair.slice(0, eq)).trim() === name) return true;
  }
  return false;
}
