/**
 * Slows password guessing: after `maxFailures` failed sign-ins for one email within
 * `windowSeconds`, that email is refused until the window ends, even with the right password.
 * Kept in memory, per process: it bounds online guessing; it is not an account lockout.
 * Shared by the sign-in page and the password grant, so one cannot bypass the other.
 */
export interface SignInThrottle {
  /** Seconds until this email may try again; 0 when it may try now. */
  retryAfter(email: string): number;
  fail(email: string): void;
  succeed(email: string): void;
}

export function createSignInThrottle({ maxFailures = 10, windowSeconds = 15 * 60 } = {}): SignInThrottle {
  const entries = new Map<string, { failures: number; since: number }>();
  const key = (email: string) => email.trim().toLowerCase();
  const windowMs = windowSeconds * 1000;

  function live(email: string) {
    const entry = entries.get(key(email));
    if (entry && Date.now() - entry.since >= windowMs) {
      entries.delete(key(email));
      return undefined;
    }
    return entry;
  }

  function prune() {
    const t = Date.now();
    for (const [k, e] of entries) if (t - e.since >= windowMs) entries.delete(k);
  }

  return {
    retryAfter(email) {
      const entry = live(email);
      if (!entry || entry.failures < maxFailures) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - Date.now()) / 1000));
    },
    fail(email) {
      const entry = live(email);
      if (entry) entry.failures += 1;
      else {
        if (entries.size >= 10_000) prune();
        entries.set(key(email), { failures: 1, since: Date.now() });
      }
    },
    succeed(email) {
      entries.delete(key(email));
    },
  };
}
