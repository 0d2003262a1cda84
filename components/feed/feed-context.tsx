'use client';

import { createContext, useContext } from 'react';
import type { Activity } from '@/lib/social-api/activities';
import type { Person } from '@/lib/social-api/users';

export interface FeedContextValue {
  /** The signed-in person. */
  viewer: Person;
  /** When the server rendered the page (epoch ms): relative times hydrate from it. */
  renderedAt: number;
  /** Puts activities the person just made at the top, at once. */
  prepend(activities: Activity[]): void;
  /** Takes a deleted activity out of the feed. */
  remove(id: number): void;
  /** Says something to screen readers (and shows it) in the feed's status line. */
  announce(message: string): void;
  /** Whether a new activity of the viewer's belongs in this feed (their own feed or wall). */
  showsOwnPosts: boolean;
}

export const FeedContext = createContext<FeedContextValue | null>(null);

export function useFeed(): FeedContextValue {
  const value = useContext(FeedContext);
  if (!value) throw new Error('useFeed must be used inside <Feed>');
  return value;
}
