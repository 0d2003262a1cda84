import { getBlogChoices } from '../social-api/blogs.ts';
import { cachedChoices } from '../user-cache.ts';

/** The blog categories and privacy options, for the lists' filters and the blog form (lib/user-cache.ts). */
export const getCachedBlogChoices = cachedChoices(getBlogChoices);
