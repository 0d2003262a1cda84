'use client';

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

// One polite live region for the page: what a control did ("Your comment was added") is read
// to screen-reader users without moving their focus. Each message is a node of its own, added
// to the region: a screen reader reads what is added, so the same words said twice are read
// twice, and a message said soon after another (the header's polled unread count, arriving as a
// poster is saved) follows it instead of replacing it before it was read. The last few stay.
const AnnounceContext = createContext<(message: string) => void>(() => {});

const KEPT = 3;

export function Announcer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState<{ id: number; text: string }[]>([]);
  const last = useRef(0);
  const announce = useCallback((text: string) => {
    const id = ++last.current;
    setSaid((before) => [...before.slice(1 - KEPT), { id, text }]);
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="sr-only">
        {said.map((m) => (
          <p key={m.id}>{m.text}</p>
        ))}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
