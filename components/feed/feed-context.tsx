'use client';

import { createContext, useContext } from 'react';
import type { Activity } from '@/lib/social-api/activities';

export interface FeedContextValue {
  /** Puts activities the person just made at the top, at once. */
  prepend(activities: Activity[]): void;
  /** Puts an activity read again in the place of the one shown (a post's video now converted). */
  replace(activity: Activity): void;
  /** Takes a deleted activity out of the feed. */
  remove(id: number): void;
  /** Whether a new activity of the viewer's belongs in this feed (their own feed or wall). */
  showsOwnPosts: boolean;
}

export const FeedContext = createContext<FeedContextValue | null>(null);

/** The feed the component sits in; null on a page of one activity. */
export function useFeed(): FeedContextValue | null {
  return useContext(FeedContext);
}
