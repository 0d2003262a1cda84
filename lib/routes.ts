import type { ItemRef, ItemType } from './social-api/items.ts';
import { albumList, type AlbumListQuery } from './albums/list-query.ts';
import { blogList, type BlogListQuery } from './blogs/list-query.ts';
import { dashboardListingList, listingList, type DashboardListingsQuery, type ListingListQuery } from './listings/list-query.ts';
import { eventList, type EventListQuery } from './events/list-query.ts';
import { groupList, type GroupListQuery } from './groups/list-query.ts';
import { messageList, type MessageListQuery, type NewMessageQuery } from './messages/list-query.ts';
import { videoList, type VideoListQuery } from './videos/list-query.ts';
import { playlistList, type PlaylistListQuery } from './music/list-query.ts';
import { notificationList, type NotificationListQuery } from './notifications/list-query.ts';
import { searchHref, searchList, type SearchPageQuery } from './search/query.ts';
import type { SearchType } from './social-api/search-types.ts';

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
  video: { path: 'videos', label: 'Video', noun: 'video' },
  music_playlist: { path: 'music', label: 'Playlist', noun: 'playlist' },
};

/**
 * The item types whose page this client has built. A type joins in the same change that builds
 * its page: until then its items are shown without a link, so no link of the product answers 404.
 */
const PAGES_BUILT: ReadonlySet<ItemType> = new Set<ItemType>([
  'activity',
  'album',
  'photo',
  'blog',
  'classified',
  'event',
  'video',
  'music_playlist',
]);

/** The page of an item (/activities/3, /listings/9 …), or undefined while that page does not exist. */
export function itemHref(item: ItemRef): string | undefined {
  return PAGES_BUILT.has(item.type) ? `/${ITEM_KINDS[item.type].path}/${item.id}` : undefined;
}

/** A search result's page and its kind in words: members and groups beside the item types. */
export function searchTarget(type: SearchType, id: number): { href: string | undefined; kind: string } {
  if (type === 'user') return { href: routes.user(id), kind: 'Member' };
  if (type === 'group') return { href: routes.group(id), kind: 'Group' };
  return { href: itemHref({ type, id }), kind: ITEM_KINDS[type].label };
}

export const routes = {
  home: '/',
  notifications: '/notifications',
  /** One's friends and friend requests. */
  friends: '/friends',
  notificationList: (query?: NotificationListQuery) => `/notifications${notificationList.search(query)}`,
  /** Site search: every item type and the members (/search?q=…&type=…&sort=newest&page=2). */
  search: (query: Partial<SearchPageQuery> = {}) => searchHref(query),
  signIn: '/sign-in',
  user: (id: number) => `/users/${id}`,
  activity: (id: number) => `/activities/${id}`,
  /** Albums, with the list's filters in the query (a filtered view is a link). */
  albums: (query?: AlbumListQuery) => `/albums${albumList.search(query)}`,
  /** The reader's own albums, all of them. */
  myAlbums: (query?: Omit<AlbumListQuery, 'user'>) => `/albums/my${albumList.search(query)}`,
  /** An album; `photoPage` > 1 opens a later page of its photos. */
  album: (id: number, photoPage?: number) => withQuery(`/albums/${id}`, { photo_page: photoPage && photoPage > 1 ? photoPage : undefined }),
  photo: (id: number) => `/photos/${id}`,
  /** The photo's original file, as a download (app/(site)/photos/[id]/original). */
  photoOriginal: (id: number) => `/photos/${id}/original`,
  /** "Add photos": to an album one may add to, or (without an id) to a new album. */
  addPhotos: (albumId?: number) => (albumId === undefined ? '/albums/upload' : `/albums/upload?album=${albumId}`),
  /** Everyone's posts, filtered. */
  blogs: (query?: BlogListQuery) => `/blogs${blogList.search(query)}`,
  /** The reader's own posts, drafts among them. */
  myBlogs: (query?: Omit<BlogListQuery, 'show'>) => `/blogs/my${blogList.search(query)}`,
  blog: (id: number) => `/blogs/${id}`,
  newBlog: '/blogs/new',
  editBlog: (id: number) => `/blogs/${id}/edit`,
  /** Listings, with the filters in the query (a search is a link). */
  listings: (query?: ListingListQuery) => `/listings${listingList.search(query)}`,
  listing: (id: number) => `/listings/${id}`,
  newListing: '/listings/new',
  editListing: (id: number) => `/listings/${id}/edit`,
  dashboard: '/dashboard',
  /** The seller's table of their listings, filtered. */
  dashboardListings: (query?: DashboardListingsQuery) => `/dashboard/listings${dashboardListingList.search(query)}`,
  /** Events, with the list's filters (and the calendar's month) in the query. */
  events: (query?: EventListQuery) => `/events${eventList.search(query)}`,
  /** The events I own or have a row in; `lead`: only those I lead. */
  myEvents: (query?: EventListQuery) => `/events/my${eventList.search(query)}`,
  event: (id: number) => `/events/${id}`,
  newEvent: '/events/new',
  editEvent: (id: number) => `/events/${id}/edit`,
  /** The event as a calendar file (text/calendar, one VEVENT). */
  eventIcs: (id: number) => `/events/${id}/ics`,
  /** A calendar feed's address on this site (GET, no cookie: the secret is the grant). */
  calendarFeed: (secret: string) => `/calendar/${secret}.ics`,
  /** The organiser's events section of the dashboard; `past`: the events that have ended. */
  dashboardEvents: (past?: boolean) => (past ? '/dashboard/events?when=past' : '/dashboard/events'),
  /** Groups, with the list's filters in the query. */
  groups: (query?: GroupListQuery) => `/groups${groupList.search(query)}`,
  /** The groups I belong to; `lead`: only those I lead. */
  myGroups: (query?: GroupListQuery) => `/groups/my${groupList.search(query)}`,
  group: (id: number) => `/groups/${id}`,
  /** A group's Members tab; `page` > 1 a later page of its members. */
  groupMembers: (id: number, page?: number) => withQuery(`/groups/${id}/members`, { page: page && page > 1 ? page : undefined }),
  /** A group's Wall, Photos and Events tabs; `page` > 1 a later page of its photos or events. */
  groupWall: (id: number) => `/groups/${id}/wall`,
  groupPhotos: (id: number, page?: number) => withQuery(`/groups/${id}/photos`, { page: page && page > 1 ? page : undefined }),
  /** A group's Events tab: its upcoming events, or (`past`) those that have ended, most recent first. */
  groupEvents: (id: number, page?: number, past = false) =>
    withQuery(`/groups/${id}/events`, { when: past ? 'past' : undefined, page: page && page > 1 ? page : undefined }),
  /** "Add photos" to a group's album. */
  addGroupPhotos: (id: number) => `/groups/${id}/photos/add`,
  /** The event form for a new event in a group (docs/api.md, "Groups": events). */
  newGroupEvent: (id: number) => `/events/new?parent_type=group&parent_id=${id}`,
  newGroup: '/groups/new',
  editGroup: (id: number) => `/groups/${id}/edit`,
  /** The conversations (Inbox, Sent, a search), with one opened beside them on a wide screen. */
  messages: (query?: MessageListQuery) => `/messages${messageList.search(query)}`,
  /** A conversation on its own page; `before`: its messages older than that one. */
  conversation: (id: number, before?: number) => withQuery(`/messages/${id}`, { before }),
  /** A new message: to members, about an item (to its owner), or to an event's guests or a group's members. */
  newMessage: (q: Partial<NewMessageQuery> = {}) =>
    withQuery('/messages/new', {
      to: q.to?.length ? q.to.join(',') : undefined,
      item_type: q.item?.type,
      item_id: q.item?.id,
      guests_of: q.guestsOf,
      members_of: q.membersOf,
      find: q.find,
    }),
  /** Videos (/videos?q=…&category=…&sort=views|rating&user=…&page=2). */
  videos: (query?: VideoListQuery) => `/videos${videoList.search(query)}`,
  /** The reader's own videos, in every state. */
  myVideos: (query?: Omit<VideoListQuery, 'user'>) => `/videos/my${videoList.search(query)}`,
  video: (id: number) => `/videos/${id}`,
  newVideo: '/videos/new',
  editVideo: (id: number) => `/videos/${id}/edit`,
  /** An uploaded video's file, through the BFF (app/api/videos/[id]/file): the player's source; a message's, through its conversation. */
  videoFile: (id: number, conversationId?: number) =>
    `/api/videos/${id}/file${conversationId === undefined ? '' : `?conversation=${conversationId}`}`,
  /** An uploaded video's player for other sites to frame (app/embed/videos/[id]: lib/videos/embed.ts), and its file. */
  embeddedVideo: (id: number) => `/embed/videos/${id}`,
  embeddedVideoFile: (id: number) => `/embed/videos/${id}/file`,
  /** The state of one's videos being converted (app/api/videos/states): /videos/my's poll. */
  videoStates: (ids: readonly number[]) => `/api/videos/states?ids=${ids.join(',')}`,
  /** Where the "Add a video" page sends an upload (app/api/upload/video). */
  videoUpload: '/api/upload/video',
  /** Where the compose box sends a post's video file (app/api/upload/compose-video). */
  composeVideoUpload: '/api/upload/compose-video',
  /** Playlists (/music?q=…&sort=popular&user=…&page=2). */
  music: (query?: PlaylistListQuery) => `/music${playlistList.search(query)}`,
  /** The reader's own playlists, whatever their privacy. */
  myMusic: (query?: Omit<PlaylistListQuery, 'user'>) => `/music/my${playlistList.search(query)}`,
  playlist: (id: number) => `/music/${id}`,
  newPlaylist: '/music/new',
  editPlaylist: (id: number) => `/music/${id}/edit`,
  /** A converted song's file, through the BFF (app/api/music/songs/[id]/file): the site player's source. */
  songFile: (id: number) => `/api/music/songs/${id}/file`,
  /** Where a playlist's songs are uploaded (app/api/upload/song). */
  songUpload: '/api/upload/song',
  /** Where the compose box sends a post's song (app/api/upload/compose-song). */
  composeSongUpload: '/api/upload/compose-song',
  /** Who may message me, and the members I blocked. */
  privacySettings: '/settings/privacy',
} as const;

/**
 * The list pages and their URL words (lib/list-query.ts): proxy.ts sends an address with old
 * words to the same list in the new ones.
 */
export const LIST_PAGES: ReadonlyMap<string, { renewed(search: URLSearchParams): string | undefined }> = new Map<
  string,
  { renewed(search: URLSearchParams): string | undefined }
>([
  ['/albums', albumList],
  ['/albums/my', albumList],
  ['/blogs', blogList],
  ['/blogs/my', blogList],
  ['/listings', listingList],
  ['/dashboard/listings', dashboardListingList],
  ['/events', eventList],
  ['/events/my', eventList],
  ['/groups', groupList],
  ['/groups/my', groupList],
  ['/search', searchList],
  ['/videos', videoList],
  ['/videos/my', videoList],
  ['/music', playlistList],
  ['/music/my', playlistList],
]);

/** `path?a=1&b=2`, leaving out empty values. */
function withQuery(path: string, q: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}
