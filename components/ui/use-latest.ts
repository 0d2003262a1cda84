'use client';

import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds the value of the last committed render, for handlers, timers and listeners
 * set up once that must still see the newest props (a callback the caller recreates every
 * render, a cursor). It is written after the render commits, never during it (a render may be
 * thrown away), and before any effect or event of that render reads it.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
