'use client';

import { useEffect, useRef } from 'react';

// What is typed in one plain field, kept in this browser until it is sent (a message): the field
// stays uncontrolled, so that what the server rendered in it (a refused form's text, come back
// without script) and what was typed before the page's script ran stay as they are. useDraft is
// the same for a controlled value of any shape.

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // disabled (privacy settings): the text is still in the field
  }
};

/**
 * Keeps the text of the field given `ref` under `key` (per person and thing written, e.g.
 * `message:3:12`): put back into the field when the page runs and the field is empty; `keep`
 * after each change, `sent` or `forget` once it is sent.
 */
export function useKeptText<E extends HTMLTextAreaElement | HTMLInputElement>(key: string) {
  const ref = useRef<E>(null);
  const name = `social:draft:${key}`;
  useEffect(() => {
    const el = ref.current;
    if (!el || el.value) return;
    const kept = storage()?.getItem(name);
    if (kept) el.value = kept;
  }, [name]);

  const keep = () => {
    const text = ref.current?.value ?? '';
    try {
      if (text.trim()) storage()?.setItem(name, text);
      else storage()?.removeItem(name);
    } catch {
      // storage full: the text is still in the field
    }
  };

  const forget = () => {
    try {
      storage()?.removeItem(name);
    } catch {
      // nothing kept
    }
  };

  /** `text` was sent: the field empties, unless more was typed meanwhile, which stays kept. */
  const sent = (text: string) => {
    const el = ref.current;
    if (el && el.value === text) el.value = '';
    keep();
  };

  return { ref, keep, forget, sent };
}
