export interface SecurityHeaderOptions {
  /** Fresh for every response (base64). */
  nonce: string;
  /** Origin of the social API: pictures come from it, and sign-in passes through it. */
  apiOrigin: string;
  /** Served over HTTPS: HSTS and upgrade-insecure-requests. */
  secure: boolean;
  /** `next dev`: React needs eval for its debugging aids, and the dev server a websocket. */
  dev: boolean;
  /**
   * The one origin allowed to frame the page (the legacy app's pages: the site's /apps/{id}
   * page frames them); absent, no page may be framed at all.
   */
  framedBy?: string;
}

/** The players of link videos, the only frames a page may hold (lib/social-api/videos.ts names their addresses). */
const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The legacy app's pages, the only ones another origin (the site) may frame. */
const LEGACY_APP_PATH = '/apps/legacy';
export const isLegacyAppPath = (pathname: string) => pathname === LEGACY_APP_PATH || pathname.startsWith(`${LEGACY_APP_PATH}/`);

/**
 * An uploaded video's player for other sites (app/embed/videos: lib/videos/embed.ts), the only
 * pages any site may frame. They run no script and load the video's file and poster alone.
 */
const EMBED_PATH = '/embed/';
export const isEmbedPath = (pathname: string) => pathname.startsWith(EMBED_PATH);
/** Who may frame an embedded player: any site (frame-ancestors * is any http(s) page). */
export const EMBED_FRAMED_BY = '*';

/** The policy of an embedded player's page: its own file and poster, inline styles, no script; framed anywhere. */
export function embedPolicy({ apiOrigin, secure }: Pick<SecurityHeaderOptions, 'apiOrigin' | 'secure'>): string {
  return [
    "default-src 'none'",
    "media-src 'self'",
    `img-src 'self' ${apiOrigin}`,
    "style-src 'unsafe-inline'",
    `frame-ancestors ${EMBED_FRAMED_BY}`,
    "base-uri 'none'",
    "form-action 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce
 * (Next puts it on its own scripts, reading it from the request's CSP header) and what those
 * load ('strict-dynamic'). Styles allow 'unsafe-inline': React style attributes (progress
 * bars) cannot carry a nonce, and a nonce in style-src would switch 'unsafe-inline' off.
 */
export function contentSecurityPolicy({ nonce, apiOrigin, secure, dev, framedBy }: SecurityHeaderOptions): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Pictures from this site (the stylesheet's icon sprite, the image route) and the API, and
    // previews of a chosen photo (blob:). Pictures of other sites (link thumbnails) come through
    // the BFF's image route ('self', app/api/image), never straight from those sites.
    ['img-src', "'self'", 'blob:', apiOrigin],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(dev ? ['ws:', 'wss:'] : [])],
    ['media-src', "'self'", apiOrigin],
    // The two video players a link video opens once the person presses play (components/videos):
    // these and nothing else.
    ['frame-src', ...VIDEO_PLAYER_ORIGINS],
    ['frame-ancestors', framedBy ?? "'none'"],
    // Sign-in forms post here and are redirected on to the API's authorize page.
    ['form-action', "'self'", apiOrigin],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'", 'blob:'],
    ...(secure ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Headers every response from the web app carries, besides the CSP. */
export function securityHeaders({ secure, framedBy }: Pick<SecurityHeaderOptions, 'secure' | 'framedBy'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors (which has no way to name one origin: a page
    // that one origin may frame relies on frame-ancestors alone).
    ...(framedBy ? {} : { 'X-Frame-Options': 'DENY' }),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/**
 * 128 random bits, base64: what a CSP nonce-source accepts. Each page takes one. The bits come
 * from the system's generator 4 KiB at a time and are used once each (as Node's randomUUID
 * does): a call for 16 bytes took ~5 µs on this machine, the same bits from the pool ~0.2 µs.
 */
export function newNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    crypto.getRandomValues(noncePool);
    nonceAt = 0;
  }
  const bytes = noncePool.subarray(nonceAt, (nonceAt += NONCE_BYTES));
  return btoa(String.fromCharCode(...bytes));
}

const NONCE_BYTES = 16;
const noncePool = new Uint8Array(4096);
let nonceAt = noncePool.length;

/** The policy of an answer that is not a page (JSON, a file): it may load and frame nothing. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const nonPageCsp = (framedBy?: string) =>
  framedBy ? NON_PAGE_CSP.replace("frame-ancestors 'none'", `frame-ancestors ${framedBy}`) : NON_PAGE_CSP;

/**
 * The headers every answer carries, on an answer built elsewhere (a route handler's): the
 * common ones where it set none, a policy where it is not a page (pages get theirs, with its
 * nonce, from proxy.ts), and `no-store` when a signed-in person asked (unless the answer is `shared`).
 */
export function withSecurityHeaders(
  response: Response,
  { secure, signedIn, shared = false, framedBy }: { secure: boolean; signedIn: boolean; shared?: boolean; framedBy?: string },
): Response {
  let out = response;
  try {
    out.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Headers of a fetched answer or of Response.redirect() are immutable: copy it.
    out = new Response(response.body, response);
  }
  const headers = out.headers;
  for (const [name, value] of Object.entries(securityHeaders({ secure, framedBy }))) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy') && !(headers.get('content-type') ?? '').startsWith('text/html')) {
    headers.set('Content-Security-Policy', nonPageCsp(framedBy));
  }
  // `shared`: an answer its handler marked `public` is the same for everyone (a preview image, a
  // picture of the image route), whoever asked: it keeps that Cache-Control (a refusal made
  // here, a 404 or a 405 has none: no-store).
  if (signedIn && !(shared && /\bpublic\b/.test(headers.get('Cache-Control') ?? ''))) headers.set('Cache-Control', 'no-store');
  return out;
}
