// What one can search for (GET /core/search's `type` and `sort`), in words the browser's code may
// import too: no API client here.

/** Members and every item type the site has, in the order the search page's tabs show them. */
export const SEARCH_TYPES = [
  'user',
  'activity',
  'album',
  'photo',
  'video',
  'music_playlist',
  'blog',
  'classified',
  'event',
  'group',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export type SearchSort = 'relevance' | 'newest';

export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** The longest words the API searches for (after trimming). */
export const SEARCH_MAX_LENGTH = 100;
