import { getBlogChoices, type BlogChoices } from '../social-api/blogs.ts';
import { userCache } from '../user-cache.ts';

// The blog categories and privacy options, which the lists' filters and the post form show on
// every render: read once every few minutes per person (lib/user-cache.ts).

const cache = userCache<BlogChoices>({ ttlMs: 5 * 60_000 });

export function getCachedBlogChoices(session: { userId: number; accessToken: string }): Promise<BlogChoices> {
  return cache.get(session.userId, () => getBlogChoices(session.accessToken));
}
