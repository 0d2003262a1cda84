import { loadPage } from '@/lib/auth/page-session';
import { listActivities, type FeedPage } from '@/lib/social-api/activities';

/**
 * The signed-in home page's first page of the activity feed: one API call, read through loadPage
 * before anything streams, so that a failing API keeps its HTTP status.
 */
export async function loadHomeFeed(): Promise<FeedPage> {
  const page = await loadPage((s) => listActivities(s.accessToken));
  // Without a wall, the feed always exists.
  return page ?? { items: [], nextId: 0, firstId: 0, endOfFeed: true };
}
