import type { ItemRef, ItemType } from './social-api/items.ts';
import type { BlogListQuery } from './blogs/list-query.ts';
import { listingQueryParams, type DashboardListingsQuery, type ListingListQuery } from './listings/list-query.ts';
import { eventListParams, type EventListQuery } from './events/list-query.ts';
import { searchQueryParams, type SearchPageQuery } from './search/query.ts';

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
const PAGES_BUILT: ReadonlySet<ItemType> = new Set<ItemType>(['activity', 'album', 'photo', 'blog', 'classified', 'event']);

/** The page of an item (/activities/3, /listings/9 …), or undefined while that page does not exist. */
export function itemHref(item: ItemRef): string | undefined {
  return PAGES_BUILT.has(item.type) ? `/${ITEM_KINDS[item.type].path}/${item.id}` : undefined;
}

/** A blog list's filters (lib/validations/blog.ts reads them back), in a fixed order, without the defaults. */
function blogFilters(query: BlogListQuery = {}): Record<string, string | number | undefined> {
  return {
    q: query.q || undefined,
    category: query.category || undefined,
    sort: query.sort || undefined,
    show: query.show || undefined,
    page: query.page && query.page > 1 ? query.page : undefined,
  };
}

export const routes = {
  home: '/',
  notifications: '/notifications',
  /** Site search: every item type and the members (/search?q=…&type=…&sort=newest&page=2). */
  search: (query: Partial<SearchPageQuery> = {}) => withQuery('/search', searchQueryParams(query)),
  signIn: '/sign-in',
  user: (id: number) => `/users/${id}`,
  activity: (id: number) => `/activities/${id}`,
  /** Albums, with the list's filters in the query (a filtered view is a link). */
  albums: (q: Record<string, string | number | undefined> = {}) => withQuery('/albums', q),
  myAlbums: (q: Record<string, string | number | undefined> = {}) => withQuery('/albums/my', q),
  /** An album; `photoPage` > 1 opens a later page of its photos. */
  album: (id: number, photoPage?: number) => withQuery(`/albums/${id}`, { photo_page: photoPage && photoPage > 1 ? photoPage : undefined }),
  photo: (id: number) => `/photos/${id}`,
  /** "Add photos": to an album one may add to, or (without an id) to a new album. */
  addPhotos: (albumId?: number) => (albumId === undefined ? '/albums/upload' : `/albums/upload?album=${albumId}`),
  /** Everyone's posts, filtered. */
  blogs: (query?: BlogListQuery) => withQuery('/blogs', blogFilters(query)),
  /** The reader's own posts, drafts among them. */
  myBlogs: (query?: Omit<BlogListQuery, 'show'>) => withQuery('/blogs/my', blogFilters(query)),
  blog: (id: number) => `/blogs/${id}`,
  newBlog: '/blogs/new',
  editBlog: (id: number) => `/blogs/${id}/edit`,
  /** Listings, with the filters in the query (a search is a link). */
  listings: (query?: ListingListQuery) => withQuery('/listings', listingQueryParams(query)),
  listing: (id: number) => `/listings/${id}`,
  newListing: '/listings/new',
  editListing: (id: number) => `/listings/${id}/edit`,
  dashboard: '/dashboard',
  /** The seller's table of their listings, filtered. */
  dashboardListings: (q: DashboardListingsQuery = {}) =>
    withQuery('/dashboard/listings', { q: q.q || undefined, status: q.status, page: q.page && q.page > 1 ? q.page : undefined }),
  /** Events, with the list's filters (and the calendar's month) in the query. */
  events: (query?: EventListQuery) => withQuery('/events', eventListParams(query)),
  /** The events I own or have a row in; `lead`: only those I lead. */
  myEvents: (query?: EventListQuery) => withQuery('/events/my', eventListParams(query)),
  event: (id: number) => `/events/${id}`,
  newEvent: '/events/new',
  editEvent: (id: number) => `/events/${id}/edit`,
  /** The event as a calendar file (text/calendar, one VEVENT). */
  eventIcs: (id: number) => `/events/${id}/ics`,
  /** A calendar feed's address on this site (GET, no cookie: the secret is the grant). */
  calendarFeed: (secret: string) => `/calendar/${secret}.ics`,
  /** The organiser's events section of the dashboard; `past`: the events that have ended. */
  dashboardEvents: (past?: boolean) => (past ? '/dashboard/events?when=past' : '/dashboard/events'),
} as const;

/** `path?a=1&b=2`, leaving out empty values. */
function withQuery(path: string, q: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}
