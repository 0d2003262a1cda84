'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { useFeed } from '@/components/feed/feed-context';
import { loadActivity } from '@/components/feed/actions';
import { callAction } from '@/lib/action-result';
import { askVideoStates, isWaiting, pollVideoStates } from './video-states';

/**
 * A post of the reader's own whose video is still being converted: its state is asked every few
 * seconds (GET /api/videos/states, the reader's own videos), and once it is done the post is read
 * again and takes its place in the feed (the player, or why it failed), or the page is read again
 * where there is no feed. Renders nothing.
 */
export function PostedVideoWait({ activityId, videoId }: { activityId: number; videoId: number }) {
  const feed = useFeed();
  const router = useRouter();
  const announce = useAnnounce();
  useEffect(
    () =>
      pollVideoStates(async (stopped) => {
        const states = await askVideoStates([videoId]);
        if (stopped()) return true;
        const state = states?.find((v) => v.id === videoId);
        // Not among the reader's own videos (deleted meanwhile): nothing more to wait for.
        if (states && !state) return true;
        if (!state || isWaiting(state.status)) return false;
        announce(state.status === 'conversion_failed' ? 'Your video could not be converted.' : 'Your video is ready to watch.');
        if (!feed) router.refresh();
        else {
          const res = await callAction(() => loadActivity({ id: activityId }));
          if (res.ok && res.data) feed.replace(res.data);
        }
        return true;
      }),
    [activityId, videoId, feed, router, announce],
  );
  return null;
}
