'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { neighbourImages } from '@/components/albums/manage/actions';
import { typingIn } from '@/components/ui/typing-in';
import { callAction } from '@/lib/action-result';

/**
 * The arrow keys move to the previous and next photo. On the full page each photo is a step of
 * the history, loaded whole (a soft navigation to a photo is the viewer's: see
 * app/(site)/@modal/(.)photos/[id]); in the viewer (`replace`) the viewer is one step, so that
 * Back and Escape both return to the page beneath.
 */
export function PhotoKeys({
  previous,
  next,
  neighbourIds,
  replace = false,
}: {
  previous?: string;
  next?: string;
  neighbourIds: number[];
  replace?: boolean;
}) {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typingIn(e.target)) return;
      const to = e.key === 'ArrowLeft' ? previous : e.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      e.preventDefault();
      if (replace) router.replace(to, { scroll: false });
      else window.location.assign(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router, previous, next, replace]);
  // The neighbours are preloaded: their pictures, and in the viewer their pages' code and data.
  useEffect(() => {
    if (replace) for (const href of [previous, next]) if (href) router.prefetch(href);
  }, [router, previous, next, replace]);
  const ids = neighbourIds.join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    void callAction(() => neighbourImages(ids.split(',').map(Number))).then((res) => {
      if (!live || !res.ok) return;
      for (const src of res.data) new Image().src = src;
    });
    return () => {
      live = false;
    };
  }, [ids]);
  return null;
}
