// The headers of a page's answer and of the request Next renders it from, in one place: proxy.ts
// applies them to every request it sees, and the production server (web-server/server.ts) to the
// page reads it prepares itself (web-server/prepare-page.ts), so that those skip Next's proxy call.
// Relative imports only: the production server loads this file with Node, outside the bundle.
import type { Env } from './env.ts';
import { PREVIEW_IMAGES } from './previews/paths.ts';
import {
  contentSecurityPolicy,
  EMBED_FRAMED_BY,
  embedPolicy,
  isEmbedPath,
  isLegacyAppPath,
  newNonce,
  securityHeaders,
} from './security-headers.ts';

/**
 * A request header that says the server in front of Next has set a page read's headers already:
 * proxy.ts's matcher skips a request that carries it (`missing`, where the name is written out:
 * Next reads the matcher without running the file), and the server removes it from every request
 * it receives before it may set it (web-server/prepare-page.test.ts holds the two names together).
 */
export const PREPARED_HEADER = 'x-page-prepared';

/**
 * A request header with which the server in front of Next asks for a page read's 404 page again,
 * rendered (web-server/not-found-page.ts): next.config.js rewrites a request that carries it to
 * app/(site)/not-found-page (where the name is written out: the config cannot import this file),
 * and the server removes it from every request it receives.
 */
export const NOT_FOUND_PAGE_HEADER = 'x-not-found-page';

export interface PageHeaders {
  /** Set on the request Next renders: the nonce (Next reads it from the request's policy), the page's path. */
  request: Array<[string, string]>;
  /** Set on the answer. */
  response: Array<[string, string]>;
}

/**
 * What the answer to a page request carries: a policy with a fresh nonce, the security headers,
 * `no-store` for a signed-in person; and what the request gains for the render. `path` is the
 * page's path and query as the root layout shows it (for "try again" links), without `_rsc`.
 */
export function pageHeaders(e: Env, { pathname, path, signedIn }: { pathname: string; path: string; signedIn: boolean }): PageHeaders {
  const nonce = newNonce();
  // The legacy app's pages may be framed by the site (its /apps/{id} page), and only by it.
  // An embedded video player (app/embed) may be framed by any site, and runs no script.
  const { csp: policy, headers } = isEmbedPath(pathname)
    ? (fixedEmbed ??= embedParts(e))
    : isLegacyAppPath(pathname)
      ? (fixedFramed ??= fixedParts(e, new URL(e.LEGACY_API_URL).origin))
      : (fixed ??= fixedParts(e));
  const csp = policy(nonce);
  const response: Array<[string, string]> = [['Content-Security-Policy', csp], ...headers];
  // A signed-in page is one person's: no cache (browser back/forward cache included) may keep it.
  // The preview images (app/og) are everyone's and set their own.
  if (signedIn && !pathname.startsWith(PREVIEW_IMAGES)) response.push(['Cache-Control', 'no-store']);
  // x-nonce is for our own code; x-request-path tells the root layout which page is being
  // rendered. Values sent by the browser are overwritten, never trusted.
  return {
    request: [
      ['x-nonce', nonce],
      ['content-security-policy', csp],
      ['x-request-path', path],
    ],
    response,
  };
}

// What every page's answer shares, worked out once per process (the environment does not
// change while it runs): the policy around the nonce, and the other security headers; the
// legacy app's pages have their own (framed by the site).
type FixedParts = { csp: (nonce: string) => string; headers: Array<[string, string]> };
let fixed: FixedParts | undefined;
let fixedFramed: FixedParts | undefined;
let fixedEmbed: FixedParts | undefined;
function embedParts(e: Env): FixedParts {
  const csp = embedPolicy({ apiOrigin: e.apiOrigin, secure: e.secure });
  return { csp: () => csp, headers: Object.entries(securityHeaders({ secure: e.secure, framedBy: EMBED_FRAMED_BY })) };
}
function fixedParts(e: Env, framedBy?: string): FixedParts {
  const marker = '\u0000nonce\u0000';
  const [before, after] = contentSecurityPolicy({
    nonce: marker,
    apiOrigin: e.apiOrigin,
    secure: e.secure,
    dev: process.env.NODE_ENV === 'development',
    framedBy,
  }).split(marker) as [string, string];
  return { csp: (nonce) => before + nonce + after, headers: Object.entries(securityHeaders({ secure: e.secure, framedBy })) };
}

/** The page's path and query as the root layout shows it: without the `_rsc` cache-busting parameter of client navigations. */
export function pagePath(pathname: string, search: string): string {
  if (!search.includes('_rsc')) return pathname + search;
  const params = new URLSearchParams(search);
  params.delete('_rsc');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Where an address that names no page (not valid percent-encoding) is read: no route has it, so the catch-all answers 404. */
export const NOT_FOUND_PATH = '/not-found';

/** A path that is valid percent-encoding (Next fails on one that is not, with a bare 500). */
export function validPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
