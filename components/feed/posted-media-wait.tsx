'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { askVideoStates, isWaiting, pollConversions } from '@/components/videos/video-states';
import { callAction } from '@/lib/action-result';
import { loadActivity } from './actions';
import { useFeed } from './feed-context';
import { askSongState } from './song-state';

/** A post's video or song still being converted. */
export type ConvertingMedia = { kind: 'video' | 'song'; id: number };

/** Its state now: still waiting, done ('processed' or 'conversion_failed'), or gone (nothing more to wait for). */
async function stateOf(media: ConvertingMedia): Promise<string | undefined> {
  if (media.kind === 'video') {
    const states = await askVideoStates([media.id]);
    // Not among the reader's own videos (deleted meanwhile): gone.
    if (states) return states.find((v) => v.id === media.id)?.status ?? 'gone';
    return undefined;
  }
  const state = await askSongState(media.id);
  return state === 'gone' || !state ? state : state.status;
}

/**
 * A post of the reader's own whose video or song is still being converted: its state is asked
 * every few seconds (a video's through GET /api/videos/states, a song's through a server action),
 * and once it is done the post is read again and takes its place in the feed (the player, or why
 * it failed), or the page is read again where there is no feed. Renders nothing.
 */
export function PostedMediaWait({ activityId, media }: { activityId: number; media: ConvertingMedia }) {
  const feed = useFeed();
  const router = useRouter();
  const announce = useAnnounce();
  const { kind, id } = media;
  useEffect(() => {
    // A song's card cannot tell waiting from failed: a failure found before any wait was seen is an
    // old one, let be, untold. (A video's card knows it waits.)
    let waited = kind === 'video';
    return pollConversions(async (stopped) => {
      const status = await stateOf({ kind, id });
      if (stopped()) return true;
      if (status === 'gone') return true;
      if (!status || isWaiting(status)) {
        waited ||= !!status;
        return false;
      }
      if (status === 'conversion_failed' && !waited) return true;
      announce(
        status === 'conversion_failed'
          ? `Your ${kind} could not be converted.`
          : `Your ${kind} is ready to ${kind === 'video' ? 'watch' : 'play'}.`,
      );
      if (!feed) router.refresh();
      else {
        const res = await callAction(() => loadActivity({ id: activityId }));
        if (res.ok && res.data) feed.replace(res.data);
      }
      return true;
    });
  }, [activityId, kind, id, feed, router, announce]);
  return null;
}
