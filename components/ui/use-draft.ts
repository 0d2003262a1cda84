'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';

// What a person is writing, kept in this browser until it is sent, so that a reload, a crash
// or a failed post loses nothing. Keyed by user (and by what is being written), so that two
// people sharing a browser never see each other's drafts.

export type UseDraftOptions<T> = {
  /** localStorage key, e.g. `compose:${userId}`; null keeps nothing. */
  storageKey: string | null;
  empty: T;
  /** Reads a stored value back, or undefined when it is not one (an old shape, tampering). */
  parse: (raw: unknown) => T | undefined;
  /** A value that is not worth keeping (everything blank). */
  isEmpty: (value: T) => boolean;
};

function storageOf(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // disabled (privacy settings): the text is still in the form
  }
}

/** [value, setValue, clear]: the draft is read after hydration (the server cannot know it) and saved as it changes. */
export function useDraft<T>({ storageKey, empty, parse, isEmpty }: UseDraftOptions<T>) {
  const [value, setValue] = useState<T>(empty);
  const loaded = useRef(false);
  const fns = useLatest({ parse, isEmpty });
  const key = storageKey ? `social:draft:${storageKey}` : null;

  useEffect(() => {
    loaded.current = false;
    if (!key) return;
    try {
      const raw = storageOf()?.getItem(key);
      const stored = raw ? fns.current.parse(JSON.parse(raw)) : undefined;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is in localStorage, which only the browser has: it is put back once hydration is over (the server rendered the form blank)
      if (stored !== undefined) setValue(stored);
    } catch {
      // unreadable: start blank
    }
    loaded.current = true;
  }, [key, fns]);

  useEffect(() => {
    if (!key || !loaded.current) return;
    try {
      if (fns.current.isEmpty(value)) storageOf()?.removeItem(key);
      else storageOf()?.setItem(key, JSON.stringify(value));
    } catch {
      // storage full: the text is still in the form
    }
  }, [key, value, fns]);

  const clear = useCallback(() => {
    setValue(empty);
    if (key) storageOf()?.removeItem(key);
  }, [key, empty]);

  return [value, setValue, clear] as const;
}
