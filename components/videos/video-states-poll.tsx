'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { askVideoStates, isWaiting, pollConversions } from './video-states';

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
    return pollConversions(async (stopped) => {
      const videos = await askVideoStates(waiting);
      if (stopped()) return true;
      if (!videos) return false;
      const changed = waiting.filter((id) => {
        const now = videos.find((v) => v.id === id);
        return !now || !isWaiting(now.status);
      });
      if (!changed.length) return false;
      const failed = videos.filter((v) => changed.includes(v.id) && v.status === 'conversion_failed').length;
      announce(
        failed
          ? 'A video could not be converted.'
          : changed.length === 1
            ? 'Your video is ready to watch.'
            : `${changed.length} videos are ready to watch.`,
      );
      router.refresh();
      return true;
    });
  }, [key, router, announce]);
  return null;
}
