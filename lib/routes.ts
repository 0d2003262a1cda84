import type { ItemRef, ItemType } from './social-api/items.ts';

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

/** The page of an item: /activities/3, /listings/9 … */
export function itemHref(item: ItemRef): string {
  return `/${ITEM_KINDS[item.type].path}/${item.id}`;
}

export const routes = {
  home: '/',
  notifications: '/notifications',
  signIn: '/sign-in',
  user: (id: number) => `/users/${id}`,
  activity: (id: number) => `/activities/${id}`,
} as const;
