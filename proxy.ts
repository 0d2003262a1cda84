import { NextResponse, type NextRequest } from 'next/server';
import { sessionCookieName } from '@/lib/auth/cookies';
import { env } from '@/lib/env';
import { contentSecurityPolicy, newNonce, securityHeaders } from '@/lib/security-headers';

/**
 * Security headers and a CSP nonce for every response, nothing else: who may see what is
 * checked where the data is read (lib/auth/session), never only here (DESIGN.md).
 */
export function proxy(request: NextRequest) {
  const e = env();
  const nonce = newNonce();
  const csp = contentSecurityPolicy({
    nonce,
    apiOrigin: new URL(e.SOCIAL_API_URL).origin,
    secure: e.secure,
    dev: process.env.NODE_ENV === 'development',
  });

  // Next reads the nonce from the request's CSP header and puts it on its scripts; x-nonce is
  // for our own code. x-request-path tells the root layout which page is being rendered (for
  // "try again" links); a value sent by the browser is overwritten, never trusted.
  const forward = new Headers(request.headers);
  forward.set('x-nonce', nonce);
  forward.set('content-security-policy', csp);
  const url = request.nextUrl.clone();
  url.searchParams.delete('_rsc');
  forward.set('x-request-path', url.pathname + url.search);

  const response = NextResponse.next({ request: { headers: forward } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(securityHeaders({ secure: e.secure }))) response.headers.set(name, value);
  // A signed-in page is one person's: no cache (browser back/forward cache included) may keep it.
  if (request.cookies.has(sessionCookieName(e.secure))) response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  matcher: [
    // Everything but build assets, the icon and the upload route handlers: Proxy buffers
    // request bodies (and cuts them at its size limit), and uploads must stream.
    '/((?!_next/static|_next/image|favicon.ico|icon.svg|api/upload).*)',
  ],
};
