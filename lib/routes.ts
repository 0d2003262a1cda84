import type { ItemRef, ItemType } from './social-api/items.ts';
import type { BlogListQuery } from './blog-list-query.ts';

// The web client's paths, in one place: the API client never builds a web address, and a
// component never spells one out by hand (DESIGN.md, "Routes of the web client").

/** Each item type's page and the words the interface uses for it. */
export const ITEM_KINDS: Record<ItemType, { path: string; label: string; noun: string }> = {
  activity: { path: 'activities', label: 'Post', noun: 'post' },
  album: { path: 'albums', label: 'Album', noun: 'album' },
  photo: { path: 'photos', label: 'Photo', noun: 'photo' },
  blog: { path: 'blogs', label: 'Blog post', noun: 'blog post' },
  classified: { path: 'listings', label: 'Listing', noun: 'listing' },
  event: { path: 'events', label: 'Event', noun: 'event' },
};

/**
 * The item types whose page this client has built. A type joins in the same change that builds
 * its page: until then its items are shown without a link, so no link of the product answers 404.
 */
const PAGES_BUILT: ReadonlySet<ItemType> = new Set<ItemType>(['activity', 'blog']);

/** The page of an item (/activities/3, /listings/9 …), or undefined while that page does not exist. */
export function itemHref(item: ItemRef): string | undefined {
  return PAGES_BUILT.has(item.type) ? `/${ITEM_KINDS[item.type].path}/${item.id}` : undefined;
}

/** A list's address with its filters (lib/validations/blog.ts reads them back), in a fixed order. */
function withQuery(path: string, query: BlogListQuery = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', String(query.category));
  if (query.sort) params.set('sort', query.sort);
  if (query.show) params.set('show', query.show);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const routes = {
  home: '/',
  notifications: '/notifications',
  signIn: '/sign-in',
  user: (id: number) => `/users/${id}`,
  activity: (id: number) => `/activities/${id}`,
  /** Everyone's posts, filtered. */
  blogs: (query?: BlogListQuery) => withQuery('/blogs', query),
  /** The reader's own posts, drafts among them. */
  myBlogs: (query?: Omit<BlogListQuery, 'show'>) => withQuery('/blogs/my', query),
  blog: (id: number) => `/blogs/${id}`,
  newBlog: '/blogs/new',
  editBlog: (id: number) => `/blogs/${id}/edit`,
} as const;
