'use client';

import { useLayoutEffect, useRef, type RefObject } from 'react';

// A Suspense fallback replaced by what it stood in for goes with all its elements, and the field
// a person is typing in goes with them: the focus falls to the page, and a keystroke sent in
// between lands nowhere (CI once lost the first photo's description on "Add photos" this way,
// the sortable list arriving while the field was being filled). The fallback hands over the
// focused field — found again by its `id`, which both renderings give it — with its selection as
// it goes, and the content takes them up in the same commit, before the browser handles another
// key. React has nothing for this: a fallback and its content never share an element.

type Carried = { id: string; start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null };

/** What a fallback hands over to its content; made by the component that holds both. */
export type FocusCarry = RefObject<Carried | null>;

export const useFocusCarry = (): FocusCarry => useRef<Carried | null>(null);

const textField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement;

/**
 * In the fallback: as it goes, hands over the field under `root` that has the focus. (React runs
 * a deleted component's layout clean-up before it takes its elements out of the page.)
 */
export function useHandFocusOver(carryRef: FocusCarry, root: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const within = root.current;
    return () => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || !el.id || !within?.contains(el)) return;
      // Where a field has no selection (a checkbox), the browser reads null.
      const selection = textField(el)
        ? { start: el.selectionStart, end: el.selectionEnd, direction: el.selectionDirection }
        : { start: null, end: null, direction: null };
      carryRef.current = { id: el.id, ...selection };
    };
  }, [carryRef, root]);
}

/** In the content: takes the focus up where the fallback left it, unless it has gone somewhere since. */
export function useTakeFocusUp(carryRef: FocusCarry): void {
  useLayoutEffect(() => {
    const carried = carryRef.current;
    carryRef.current = null;
    if (!carried) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const el = document.getElementById(carried.id);
    if (!el) return;
    el.focus({ preventScroll: true });
    if (textField(el) && carried.start !== null && carried.end !== null)
      el.setSelectionRange(carried.start, carried.end, carried.direction ?? undefined);
  }, [carryRef]);
}
