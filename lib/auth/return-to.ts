/**
 * Where a person may be sent back to after signing in (or out): a path on this site, never
 * another site. Anything else becomes '/'.
 *
 * Refused, because browsers treat them as other hosts or as code: protocol-relative
 * `//evil.example`, backslash tricks (`/\evil.example`, which browsers read as `//`),
 * absolute URLs to another origin, `javascript:` and other schemes, and control characters
 * (a tab or newline inside `/\t/evil` is dropped by URL parsers, turning it into `//evil`).
 *
 * `origin`, when given, also accepts absolute URLs on that origin (next-auth passes its own
 * callback URLs absolute) and returns their path.
 */
export function safeReturnTo(value: unknown, origin?: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // Control characters, spaces and backslashes have no place in a path we produce ourselves.
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return '/';

  let candidate = value;
  if (!value.startsWith('/')) {
    if (!origin) return '/';
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return '/';
    }
    if (url.origin !== new URL(origin).origin || url.username || url.password) return '/';
    candidate = url.pathname + url.search + url.hash;
  }
  if (candidate.startsWith('//')) return '/';

  // Resolve against a placeholder origin: whatever the path does (dot segments, encoded
  // characters), the result must stay on that origin.
  const base = 'http://return-to.invalid';
  let resolved: URL;
  try {
    resolved = new URL(candidate, base);
  } catch {
    return '/';
  }
  if (resolved.origin !== base) return '/';
  const path = resolved.pathname + resolved.search + resolved.hash;
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** The path and query of a page, as a return-to value for sign-in links. */
export function signInPath(returnTo: string): string {
  const to = safeReturnTo(returnTo);
  return to === '/' ? '/sign-in' : `/sign-in?callbackUrl=${encodeURIComponent(to)}`;
}

/**
 * Where to tell someone their session ended: the landing page for the home page, else the
 * sign-in page, which brings them back to `from` afterwards. Both say "You were signed out".
 */
export function signedOutPath(from: string): string {
  const to = safeReturnTo(from);
  if (to === '/' || to.startsWith('/?') || to.startsWith('/#')) return '/?signed_out=1';
  return `${signInPath(to)}&reason=signed_out`;
}
