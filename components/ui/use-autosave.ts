'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';

// A long form kept in this browser while it is written, so that a crash, a closed tab or an
// expired session loses nothing: a few seconds after a change (`changed`) and when the page is
// left, whatever differs from what the server has is written to localStorage with the time.
// Coming back, the copy is offered (`found`) for the person to restore or discard; once the
// server has the text, the copy is removed (`clear`). Keyed by user and by what is written
// (`blog:12:new`), so that two people sharing a browser never see each other's words.
// Nothing runs while nothing changes: a timer every few seconds read and compared the whole
// form while a person read or thought, a task of 50-100 ms each time at 4x CPU slowdown
// (Chromium's profiler, an editor page).

export type KeptCopy<T> = { value: T; savedAt: number };

export type UseAutosaveOptions<T> = {
  /** What is written, e.g. `blog:${userId}:${postId ?? 'new'}`; null keeps nothing. */
  storageKey: string | null;
  /** The form's values now. */
  read: () => T;
  /** Reads a kept value back, or undefined when it is not one (an old shape, tampering). */
  parse: (raw: unknown) => T | undefined;
  /** Whether a value differs from what the server has (only then is it worth keeping). */
  isUnsaved: (value: T) => boolean;
  /** How soon after a change the form is kept (ms): changes meanwhile are kept with it. */
  delayMs?: number;
};

function storageOf(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // disabled (privacy settings): the text is still in the form
  }
}

export function useAutosave<T>({ storageKey, read, parse, isUnsaved, delayMs = 3000 }: UseAutosaveOptions<T>) {
  const key = storageKey ? `social:autosave:${storageKey}` : null;
  const [found, setFound] = useState<KeptCopy<T> | null>(null);
  const [keptAt, setKeptAt] = useState<number | null>(null);
  /** The JSON of what this visit last wrote; null while it wrote nothing. */
  const written = useRef<string | null>(null);
  const fns = useLatest({ read, parse, isUnsaved });

  // Another thing written: nothing found or kept for it yet.
  const [keyShown, setKeyShown] = useState(key);
  if (keyShown !== key) {
    setKeyShown(key);
    setFound(null);
    setKeptAt(null);
  }

  // A copy left by an earlier visit, when it holds something the server does not have.
  useEffect(() => {
    written.current = null;
    if (!key) return;
    const storage = storageOf();
    try {
      const raw = storage?.getItem(key);
      if (!raw) return;
      const kept = JSON.parse(raw) as { value?: unknown; savedAt?: unknown };
      const value = fns.current.parse(kept.value);
      if (value !== undefined && typeof kept.savedAt === 'number' && fns.current.isUnsaved(value))
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the copy is in localStorage, which only the browser has: it is offered once hydration is over (the server rendered the form without it)
        setFound({ value, savedAt: kept.savedAt });
      else storage?.removeItem(key);
    } catch {
      storage?.removeItem(key);
    }
  }, [key, fns]);

  /** Writes the form if it changed since the last copy; removes this visit's copy when nothing is unsaved any more. */
  const keep = useCallback(() => {
    if (!key) return;
    const storage = storageOf();
    const value = fns.current.read();
    try {
      if (!fns.current.isUnsaved(value)) {
        // Back to what the server has. (A copy of an earlier visit stays until it is decided on.)
        if (written.current !== null) {
          storage?.removeItem(key);
          written.current = null;
          setKeptAt(null);
        }
        return;
      }
      const json = JSON.stringify(value);
      if (json === written.current) return;
      const savedAt = Date.now();
      storage?.setItem(key, JSON.stringify({ value, savedAt }));
      written.current = json;
      setKeptAt(savedAt);
    } catch {
      // storage full: the text is still in the form
    }
  }, [key, fns]);

  /** The pending keep after a change, if any. */
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** The form changed: it is kept within `delayMs`, with whatever else changes meanwhile. */
  const changed = useCallback(() => {
    if (!key || pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      keep();
    }, delayMs);
  }, [key, keep, delayMs]);

  useEffect(() => {
    if (!key) return;
    // Leaving: a closed tab or a reload (pagehide), a tab put away (possibly for good on a
    // phone), or another page of the site (unmount).
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      clearTimeout(pending.current);
      pending.current = undefined;
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onHidden);
      keep();
    };
  }, [key, keep]);

  /** The server has the text: no copy is needed any more. */
  const clear = useCallback(() => {
    if (key) storageOf()?.removeItem(key);
    written.current = null;
    setKeptAt(null);
    setFound(null);
  }, [key]);

  /** The earlier copy is not wanted (unless this visit already wrote a newer one over it). */
  const discard = useCallback(() => {
    if (key && written.current === null) storageOf()?.removeItem(key);
    setFound(null);
  }, [key]);

  /** The earlier copy, taken to be put back in the form; it is kept again from the form from now on. */
  const takeFound = useCallback((): T | undefined => {
    const value = found?.value;
    setFound(null);
    return value;
  }, [found]);

  return { found, keptAt, changed, clear, discard, takeFound };
}
