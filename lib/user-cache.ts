// What a page needs beside its content and that seldom changes (a module's categories, its
// privacy options), kept a few minutes so that the page's render costs one API call, its
// content. Keyed by the user it was read for: what one person was told is never served to
// another. Per process, bounded, oldest out; a failed read is not kept.

interface UserCache<T> {
  get(userId: number, load: () => Promise<T>): Promise<T>;
}

function userCache<T>({ ttlMs, maxEntries = 5_000 }: { ttlMs: number; maxEntries?: number }): UserCache<T> {
  const entries = new Map<number, { value: Promise<T>; at: number }>();
  return {
    get(userId, load) {
      const hit = entries.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      entries.delete(userId);
      entries.set(userId, { value, at: Date.now() });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // Concurrent renders share the read on its way; a failure is forgotten at once.
      value.catch(() => {
        if (entries.get(userId)?.value === value) entries.delete(userId);
      });
      return value;
    },
  };
}

/** How long a module's choices are kept. */
const CHOICES_TTL_MS = 5 * 60_000;

/**
 * A module's choices (its categories, its privacy options) as every page that shows them reads
 * them — the list's filters, the editor's form: `export const getCachedBlogChoices =
 * cachedChoices(getBlogChoices)` in lib/<feature>/choices.ts.
 */
export function cachedChoices<T>(read: (token: string) => Promise<T>): (session: { userId: number; accessToken: string }) => Promise<T> {
  const cache = userCache<T>({ ttlMs: CHOICES_TTL_MS });
  return (session) => cache.get(session.userId, () => read(session.accessToken));
}
