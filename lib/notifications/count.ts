import { getUpdates } from '../social-api/activities.ts';

// The header's unread count, kept a short while per user so that a page render costs one API
// call (its own content), not two. Keyed by the user it belongs to: one person's count is never
// shown to another. Per process: several web instances each keep their own, briefly.

const TTL_MS = 20_000;
const MAX_ENTRIES = 10_000;
const counts = new Map<number, { count: number; at: number }>();

/** The signed-in person's unread notifications, or null when the API would not say (no badge then). */
export async function getNotificationCount(userId: number, token: string): Promise<number | null> {
  const hit = counts.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.count;
  try {
    const { notificationCount } = await getUpdates(token);
    rememberNotificationCount(userId, notificationCount);
    return notificationCount;
  } catch {
    // A nicety: without it (no activities scope, a hiccup) there is simply no badge.
    return null;
  }
}

/** What the person just learned (the poll) or did (read them all): the next page shows it. */
export function rememberNotificationCount(userId: number, count: number): void {
  counts.delete(userId);
  counts.set(userId, { count, at: Date.now() });
  // Oldest first in a Map: drop from the front when full.
  while (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value!);
}
