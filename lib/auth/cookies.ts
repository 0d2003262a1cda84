import type { CookiesOptions } from 'next-auth';

// Names of our own: the API server shares the host in development (localhost:4000 next to
// localhost:3000, and browsers send cookies to every port of a host), and it sets
// `site_session` and `site_csrf` there. Over HTTPS every cookie gets the `__Host-` prefix:
// Secure, Path=/ and no Domain, so neither a sibling subdomain nor plain HTTP can plant one.
const base = (secure: boolean) => (secure ? '__Host-social-web' : 'social-web');

/** The one cookie a signed-in browser keeps: an encrypted JWT holding only the session id. */
export const sessionCookieName = (secure: boolean): string => `${base(secure)}.session`;

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
}

/** next-auth's cookies under our names; the others only live during a sign-in. */
export function authCookies(secure: boolean): CookiesOptions {
  const options = sessionCookieOptions(secure);
  const short = { ...options, maxAge: 15 * 60 };
  return {
    sessionToken: { name: sessionCookieName(secure), options },
    callbackUrl: { name: `${base(secure)}.callback-url`, options },
    csrfToken: { name: `${base(secure)}.csrf`, options },
    pkceCodeVerifier: { name: `${base(secure)}.pkce`, options: short },
    state: { name: `${base(secure)}.state`, options: short },
    nonce: { name: `${base(secure)}.nonce`, options: short },
  };
}
