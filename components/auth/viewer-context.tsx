'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Who } from '@/lib/social-api/users';

// The signed-in person, for client components that show them ("you" among the likers, their
// own comment, no "Report" on their own things). Given once by the site's layout.
const ViewerContext = createContext<Who | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: Who | null; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

/** The signed-in person; null on a page seen signed out. */
export function useViewer(): Who | null {
  return useContext(ViewerContext);
}
