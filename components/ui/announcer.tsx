'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// One polite live region for the page: what a control did ("Your comment was added") is read
// to screen-reader users without moving their focus.
const AnnounceContext = createContext<(message: string) => void>(() => {});

export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback((next: string) => {
    // Cleared first so that the same words said twice are read twice.
    setMessage('');
    requestAnimationFrame(() => setMessage(next));
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <p role="status" aria-live="polite" className="sr-only">
        {message}
      </p>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
