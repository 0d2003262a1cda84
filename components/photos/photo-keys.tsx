'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Whether a key press belongs to a field (typing a comment moves no photo). */
export function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The arrow keys move to the previous and next photo (replacing the URL's history entry is not wanted: Back goes back). */
export function PhotoKeys({ previous, next }: { previous?: string; next?: string }) {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typingIn(e.target)) return;
      const to = e.key === 'ArrowLeft' ? previous : e.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      e.preventDefault();
      router.push(to, { scroll: false });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router, previous, next]);
  useEffect(() => {
    for (const href of [previous, next]) if (href) router.prefetch(href);
  }, [router, previous, next]);
  return null;
}
