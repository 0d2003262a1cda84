// What likes, comments, shares and reports are about: the spec's item_type values this web
// client knows, and one reference type for all of them.

export const ITEM_TYPES = ['activity', 'album', 'photo', 'blog', 'classified', 'event', 'video', 'music_playlist'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** One item of any type: what every social action takes. */
export interface ItemRef {
  type: ItemType;
  id: number;
}

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);
}
