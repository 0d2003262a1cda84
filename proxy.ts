import { NextResponse, type NextRequest } from 'next/server';
import { sessionCookieName } from '@/lib/auth/cookies';
import { env } from '@/lib/env';
import { actionBodyRefusal, crossSiteRefusal, edgeRefusal } from '@/lib/request-guard';
import { NOT_FOUND_PATH, pageHeaders, pagePath, validPath } from '@/lib/page-headers';
import { LIST_PAGES } from '@/lib/routes';
import { withSecurityHeaders } from '@/lib/security-headers';

/**
 * Security headers and a CSP nonce for every response; state-changing requests from other sites,
 * server action bodies Next could not decode and requests its protocol fails on refused with a
 * 4xx (lib/request-guard.ts), where Next itself would answer 500. Who may see what is checked
 * where the data is read (lib/auth/session), never only here (DESIGN.md).
 */
export async function proxy(request: NextRequest) {
  const e = env();
  const signedIn = request.cookies.has(sessionCookieName(e.secure));
  // The production server has refused what edgeRefusal refuses before Next (web-server/edge-guard.ts);
  // under `next dev` and `next start` it is done here.
  const refusal =
    edgeRefusal(request.method, request.nextUrl.pathname, (name) => request.headers.get(name)) ??
    crossSiteRefusal(request, e.WEB_ORIGIN) ??
    (await actionBodyRefusal(request));
  if (refusal) {
    return withSecurityHeaders(NextResponse.json({ message: refusal.message }, { status: refusal.status, headers: refusal.headers }), {
      secure: e.secure,
      signedIn,
    });
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

  // Next reads the nonce from the request's CSP header and puts it on its scripts.
  const { pathname, search } = request.nextUrl;
  const page = pageHeaders(e, { pathname, path: pagePath(pathname, search), signedIn });
  const forward = new Headers(request.headers);
  for (const [name, value] of page.request) forward.set(name, value);

  // A path that is not valid percent-encoding names no page: Next would fail on it with a bare
  // 500, so it is served the site's 404 page (the catch-all answers any path it does not know).
  const response = validPath(pathname)
    ? NextResponse.next({ request: { headers: forward } })
    : NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers: forward } });
  for (const [name, value] of page.response) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but build assets and the upload route handlers: Proxy buffers request bodies
      // (and cuts them at its size limit), and uploads must stream (lib/route-handler.ts gives
      // them the same headers and checks), and the image route, whose pictures are the same for
      // everyone and keep their Cache-Control (lib/route-handler.ts gives them the headers).
      // web-server/prepare-page.ts's PROXIED_PATHS is the same pattern.
      source: '/((?!_next/static|_next/image|api/upload|api/image).*)',
      // A page read the production server has given its headers already (web-server/prepare-page.ts;
      // the header's name is PREPARED_HEADER of lib/page-headers.ts): Next's call of the proxy is
      // a fifth of the product's own CPU per page, for work done. That server removes the header
      // from every request it receives, so that no one else can set it.
      missing: [{ type: 'header', key: 'x-page-prepared' }],
    },
  ],
};
