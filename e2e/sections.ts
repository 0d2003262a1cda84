/**
 * The primary navigation's entries in order, on a server that has every extension (the demo API):
 * the four a server may not have (docs/api.md, "Extensions") are Videos and Music after Albums,
 * Groups after Events, Messages after Friends (components/shell/primary-nav.tsx).
 */
export const NAVIGATION = [
  'Feed',
  'Albums',
  'Videos',
  'Music',
  'Blogs',
  'Listings',
  'Events',
  'Groups',
  'Dashboard',
  'Friends',
  'Messages',
  'Notifications',
  'Your wall',
] as const;
