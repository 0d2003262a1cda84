import { Redis } from 'ioredis';
import { cache as perRequest } from 'react';
import { env } from '../env.ts';
import { getUpdates } from '../social-api/activities.ts';

// The header's unread counts — the bell's notifications and the envelope's conversations, both
// from one GET /activities/updates — kept a short while per user so that a page render costs one
// API call (its own content), not two. Keyed by the user they belong to: one person's counts are
// never shown to another. Where every web instance sees them when REDIS_URL is set (marking read
// on one instance shows on the next page from any other); else in this process.

const TTL_MS = 20_000;
const MAX_ENTRIES = 10_000;

/** What the header shows: unread notifications, and unread conversations (null: no messages here, or not allowed to the session). */
export interface HeaderCounts {
  notifications: number;
  messages: number | null;
}

/** Where the counts are kept. */
export interface CountCache {
  get(userId: number): Promise<HeaderCounts | undefined>;
  set(userId: number, counts: HeaderCounts): Promise<void>;
}

/** In this process: a Map, oldest dropped first when full. */
function memoryCountCache(ttlMs = TTL_MS): CountCache {
  const counts = new Map<number, { counts: HeaderCounts; at: number }>();
  return {
    async get(userId) {
      const hit = counts.get(userId);
      return hit && Date.now() - hit.at < ttlMs ? hit.counts : undefined;
    },
    async set(userId, value) {
      counts.delete(userId);
      counts.set(userId, { counts: value, at: Date.now() });
      while (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value!);
    },
  };
}

/** Counts as kept in Redis ("3 1", "3 -": no messages count), read back strictly: anything else is a miss. */
const COUNTS = /^(\d{1,9}) (\d{1,9}|-)$/;
const writeCounts = (c: HeaderCounts) => `${c.notifications} ${c.messages ?? '-'}`;
function readCounts(v: string | null): HeaderCounts | undefined {
  const m = v === null ? null : COUNTS.exec(v);
  return m ? { notifications: Number(m[1]), messages: m[2] === '-' ? null : Number(m[2]) } : undefined;
}

/** In Redis, shared by every instance: a key per user with Redis's own expiry. A Redis that fails is a miss, never an error page. */
export function redisCountCache(url: string, prefix = 'social-web:', ttlMs = TTL_MS): CountCache & { close(): void } {
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  const key = (userId: number) => `${prefix}header-counts:${userId}`;
  return {
    async get(userId) {
      try {
        return readCounts(await redis.get(key(userId)));
      } catch {
        return undefined;
      }
    },
    async set(userId, counts) {
      try {
        await redis.set(key(userId), writeCounts(counts), 'PX', ttlMs);
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

/**
 * The signed-in person's counts, or null when the API would not say (no badges then). Once per
 * request (React's cache): the header's bell and envelope, the navigation and a page that asks
 * whether messages are here (lib/messages/available.ts) share one read.
 */
export const getHeaderCounts = perRequest(async (userId: number, token: string): Promise<HeaderCounts | null> => {
  const hit = await cache().get(userId);
  if (hit !== undefined) return hit;
  return fetchHeaderCounts(userId, token);
});

/** The counts asked of the API now (the bell's poll), remembered for the next page; null when the API would not say. */
export async function fetchHeaderCounts(userId: number, token: string): Promise<HeaderCounts | null> {
  try {
    const { notificationCount, messageCount } = await getUpdates(token);
    const counts = { notifications: notificationCount, messages: messageCount };
    await rememberHeaderCounts(userId, counts);
    return counts;
  } catch {
    // A nicety: without it (no activities scope, a hiccup) there is simply no badge.
    return null;
  }
}

/** What the person just learned (the poll) or did (read them all): the next page shows it. */
export async function rememberHeaderCounts(userId: number, counts: HeaderCounts): Promise<void> {
  await cache().set(userId, counts);
}
