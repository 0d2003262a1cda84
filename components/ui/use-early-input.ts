'use client';

import { useCallback, useEffect, type ChangeEvent, type RefObject } from 'react';
import { useLatest } from './use-latest';

/**
 * Files chosen in a server-rendered file input before the page's script ran: their change event
 * went by before React listened, so they are handed over as soon as it does, not lost. Every
 * file input that is in a page's HTML uses it (the compose box, "Add photos", an event's
 * picture, the legacy app's "Add a photo").
 *
 * A choice made while the page hydrates can arrive twice: React hydrates at once to deliver the
 * change event, runs this effect as it commits (the files are handed over here, and the handler
 * empties the input), then delivers the event itself, now without files. So a handler treats a
 * change without files as nothing chosen and clears no message (CI once saw "not a photo" shown
 * and taken away in the same frame): useFileInput's onChange does so for inputs that are emptied
 * after each choice.
 */
export function useEarlyFiles(input: RefObject<HTMLInputElement | null>, onFiles: (files: File[]) => void): void {
  const latest = useLatest(onFiles);
  useEffect(() => {
    const files = [...(input.current?.files ?? [])];
    if (files.length) latest.current(files);
  }, [input, latest]);
}

/**
 * A file input emptied after each choice (so that the same file can be chosen again): files chosen
 * before the script ran are handed over (useEarlyFiles), and its onChange, returned, hands over
 * those chosen since; a change without files is nothing chosen.
 */
export function useFileInput(
  input: RefObject<HTMLInputElement | null>,
  onFiles: (files: File[]) => void,
): (e: ChangeEvent<HTMLInputElement>) => void {
  useEarlyFiles(input, onFiles);
  const latest = useLatest(onFiles);
  return useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      const files = [...(e.target.files ?? [])];
      if (files.length) latest.current(files);
    },
    [latest],
  );
}

/**
 * Text typed into a server-rendered field before the page's script ran. React leaves it in the
 * field as it hydrates, but the component's state still holds what the server rendered, and the
 * next render would write that back over it (a post sent would be empty, the text gone). It is
 * handed over as soon as React listens: whatever the field holds that differs from what was
 * rendered (`defaultValue`). React 19 has this built in behind a flag that is off in the build
 * Next ships (react#33129, `enableHydrationChangeEvent`), hence this hook.
 */
export function useEarlyText(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, onText: (text: string) => void): void {
  const latest = useLatest(onText);
  useEffect(() => {
    const el = field.current;
    if (el && el.value !== el.defaultValue) latest.current(el.value);
  }, [field, latest]);
}
