import { Redis } from 'ioredis';
import { env } from '../env.ts';
import { getUpdates } from '../social-api/activities.ts';

// The header's unread count, kept a short while per user so that a page render costs one API
// call (its own content), not two. Keyed by the user it belongs to: one person's count is never
// shown to another. Where every web instance sees it when REDIS_URL is set (marking read on one
// instance shows on the next page from any other); else in this process.

const TTL_MS = 20_000;
const MAX_ENTRIES = 10_000;

/** Where the counts are kept. */
export interface CountCache {
  get(userId: number): Promise<number | undefined>;
  set(userId: number, count: number): Promise<void>;
}

/** In this process: a Map, oldest dropped first when full. */
export function memoryCountCache(ttlMs = TTL_MS): CountCache {
  const counts = new Map<number, { count: number; at: number }>();
  return {
    async get(userId) {
      const hit = counts.get(userId);
      return hit && Date.now() - hit.at < ttlMs ? hit.count : undefined;
    },
    async set(userId, count) {
      counts.delete(userId);
      counts.set(userId, { count, at: Date.now() });
      while (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value!);
    },
  };
}

/** In Redis, shared by every instance: a key per user with Redis's own expiry. A Redis that fails is a miss, never an error page. */
export function redisCountCache(url: string, prefix = 'social-web:', ttlMs = TTL_MS): CountCache & { close(): void } {
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  const key = (userId: number) => `${prefix}notification-count:${userId}`;
  return {
    async get(userId) {
      try {
        const v = await redis.get(key(userId));
        return v === null ? undefined : Number(v);
      } catch {
        return undefined;
      }
    },
    async set(userId, count) {
      try {
        await redis.set(key(userId), String(count), 'PX', ttlMs);
      } catch {
        // The next page asks the API.
      }
    },
    close: () => redis.disconnect(),
  };
}

const holder = globalThis as typeof globalThis & { __socialCountCache?: CountCache };

function cache(): CountCache {
  if (!holder.__socialCountCache) {
    const url = env().REDIS_URL;
    holder.__socialCountCache = url ? redisCountCache(url) : memoryCountCache();
  }
  return holder.__socialCountCache;
}

/** The signed-in person's unread notifications, or null when the API would not say (no badge then). */
export async function getNotificationCount(userId: number, token: string): Promise<number | null> {
  const hit = await cache().get(userId);
  if (hit !== undefined) return hit;
  return fetchNotificationCount(userId, token);
}

/** The count asked of the API now (the bell's poll), remembered for the next page; null when the API would not say. */
export async function fetchNotificationCount(userId: number, token: string): Promise<number | null> {
  try {
    const { notificationCount } = await getUpdates(token);
    await rememberNotificationCount(userId, notificationCount);
    return notificationCount;
  } catch {
    // A nicety: without it (no activities scope, a hiccup) there is simply no badge.
    return null;
  }
}

/** What the person just learned (the poll) or did (read them all): the next page shows it. */
export async function rememberNotificationCount(userId: number, count: number): Promise<void> {
  await cache().set(userId, count);
}
