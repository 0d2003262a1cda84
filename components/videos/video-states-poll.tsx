'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { askVideoStates, isWaiting, VIDEO_STATES_EVERY_MS as EVERY_MS } from './video-states';

/**
 * While some of one's videos are being converted (`ids`), /videos/my asks their state every few
 * seconds (GET /api/videos/states: a small answer) and, once one has changed, renders the page
 * again (one read of the list) and says so. It is not rendered when none waits: no poll then.
 */
export function VideoStatesPoll({ ids }: { ids: number[] }) {
  const router = useRouter();
  const announce = useAnnounce();
  const key = ids.join(',');
  useEffect(() => {
    const waiting = key.split(',').map(Number);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      const videos = await askVideoStates(waiting);
      if (!videos) return;
      const changed = waiting.filter((id) => {
        const now = videos.find((v) => v.id === id);
        return !now || !isWaiting(now.status);
      });
      if (!changed.length || stopped) return;
      stopped = true;
      const failed = videos.filter((v) => changed.includes(v.id) && v.status === 'conversion_failed').length;
      announce(
        failed
          ? 'A video could not be converted.'
          : changed.length === 1
            ? 'Your video is ready to watch.'
            : `${changed.length} videos are ready to watch.`,
      );
      router.refresh();
    };
    const loop = async () => {
      await ask();
      if (!stopped) timer = setTimeout(loop, EVERY_MS);
    };
    timer = setTimeout(loop, EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, router, announce]);
  return null;
}
