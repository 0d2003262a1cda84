'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * A value only the browser knows (`read`), and `serverValue` in the server's render and while
 * the page hydrates, so that the hydrating render matches the server's HTML; React renders
 * again with the browser's value at once after. The value is read again at each render, never
 * subscribed to: for what does not change while the page is open.
 */
export function useBrowserValue<T>(read: () => T, serverValue: () => T): T {
  return useSyncExternalStore(noSubscription, read, serverValue);
}

/** False in the server's render and while the page hydrates, true from the render after. */
export function useInBrowser(): boolean {
  return useBrowserValue(inBrowser, onServer);
}
