import { NextResponse, type NextRequest } from 'next/server';
import { sessionCookieName } from '@/lib/auth/cookies';
import { env } from '@/lib/env';
import { actionBodyRefusal, crossSiteRefusal } from '@/lib/request-guard';
import { PREVIEW_IMAGES } from '@/lib/previews/paths';
import { LIST_PAGES } from '@/lib/routes';
import { contentSecurityPolicy, isLegacyAppPath, newNonce, securityHeaders, withSecurityHeaders } from '@/lib/security-headers';

/**
 * Security headers and a CSP nonce for every response; state-changing requests from other sites
 * and server action bodies Next could not decode refused with a 4xx (lib/request-guard.ts), where
 * Next itself would answer 500. Who may see what is checked where the data is read
 * (lib/auth/session), never only here (DESIGN.md).
 */
export async function proxy(request: NextRequest) {
  const e = env();
  const signedIn = request.cookies.has(sessionCookieName(e.secure));
  const refusal = crossSiteRefusal(request, e.WEB_ORIGIN) ?? (await actionBodyRefusal(request));
  if (refusal) {
    return withSecurityHeaders(NextResponse.json({ message: refusal.message }, { status: refusal.status }), { secure: e.secure, signedIn });
  }

  // A list page's address in its old words (/albums?keywords=…&category_id=…) is the same list
  // in the words every list shares now (lib/list-query.ts): a permanent redirect (308), so that
  // bookmarks and search engines take the new address once and for all.
  const read = request.method === 'GET' || request.method === 'HEAD';
  const list = read && request.nextUrl.search ? LIST_PAGES.get(request.nextUrl.pathname) : undefined;
  const renewed = list?.renewed(request.nextUrl.searchParams);
  if (renewed !== undefined) {
    const to = request.nextUrl.clone();
    to.search = renewed;
    return withSecurityHeaders(NextResponse.redirect(to, 308), { secure: e.secure, signedIn });
  }

  const nonce = newNonce();
  // The legacy app's pages may be framed by the site (its /apps/{id} page), and only by it.
  const framed = isLegacyAppPath(request.nextUrl.pathname);
  const { csp: policy, headers } = framed ? (fixedFramed ??= fixedParts(e, new URL(e.LEGACY_API_URL).origin)) : (fixed ??= fixedParts(e));
  const csp = policy(nonce);

  // Next reads the nonce from the request's CSP header and puts it on its scripts; x-nonce is
  // for our own code. x-request-path tells the root layout which page is being rendered (for
  // "try again" links); a value sent by the browser is overwritten, never trusted.
  const forward = new Headers(request.headers);
  forward.set('x-nonce', nonce);
  forward.set('content-security-policy', csp);
  forward.set('x-request-path', requestPath(request));

  // A path that is not valid percent-encoding names no page: Next would fail on it with a bare
  // 500, so it is served the site's 404 page (the catch-all answers any path it does not know).
  const response = validPath(request.nextUrl.pathname)
    ? NextResponse.next({ request: { headers: forward } })
    : NextResponse.rewrite(new URL('/not-found', request.url), { request: { headers: forward } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of headers) response.headers.set(name, value);
  // A signed-in page is one person's: no cache (browser back/forward cache included) may keep it.
  // The preview images (app/og) are everyone's and set their own.
  if (signedIn && !request.nextUrl.pathname.startsWith(PREVIEW_IMAGES)) response.headers.set('Cache-Control', 'no-store');
  return response;
}

// What every page's answer shares, worked out once per process (the environment does not
// change while it runs): the policy around the nonce, and the other security headers; the
// legacy app's pages have their own (framed by the site).
type FixedParts = { csp: (nonce: string) => string; headers: Array<[string, string]> };
let fixed: FixedParts | undefined;
let fixedFramed: FixedParts | undefined;
function fixedParts(e: ReturnType<typeof env>, framedBy?: string): FixedParts {
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

/** The page's path and query, without the `_rsc` cache-busting parameter of client navigations. */
function requestPath(request: NextRequest): string {
  const { pathname, search } = request.nextUrl;
  if (!search.includes('_rsc')) return pathname + search;
  const url = request.nextUrl.clone();
  url.searchParams.delete('_rsc');
  return url.pathname + url.search;
}

function validPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    // Everything but build assets and the upload route handlers: Proxy buffers request bodies
    // (and cuts them at its size limit), and uploads must stream (lib/route-handler.ts gives
    // them the same headers and checks), and the image route, whose pictures are the same for
    // everyone and keep their Cache-Control (lib/route-handler.ts gives them the headers).
    '/((?!_next/static|_next/image|api/upload|api/image).*)',
  ],
};
