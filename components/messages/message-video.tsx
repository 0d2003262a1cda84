'use client';

import { useEffect, useState } from 'react';
import { callAction } from '@/lib/action-result';
import type { PostedVideo } from '@/lib/social-api/videos';
import { useAnnounce } from '@/components/ui/announcer';
import { VideoAttachment } from '@/components/videos/video-attachment';
import { isWaiting, pollConversions } from '@/components/videos/video-states';
import { loadMessageVideo } from './actions';

export type MessageVideoProps = {
  video: PostedVideo & { conversationId: number };
  /** The reader sent it: its end is told in their words. */
  mine: boolean;
};

/**
 * A video sent in a message: its player in a card narrower than the bubble (played through the
 * conversation: routes.videoFile). While it is being converted the card says so and asks every
 * few seconds how it stands (through the conversation: the sender and every member alike), then
 * becomes the player, or says why it could not be converted.
 */
export function MessageVideo({ video: given, mine }: MessageVideoProps) {
  const [video, setVideo] = useState(given);
  const announce = useAnnounce();
  const { id, conversationId } = given;
  const waiting = isWaiting(video.status);
  useEffect(() => {
    if (!waiting) return;
    return pollConversions(async (stopped) => {
      // Nobody is looking: the next round asks.
      if (document.visibilityState !== 'visible') return false;
      const res = await callAction(() => loadMessageVideo({ conversationId, videoId: id }));
      if (stopped() || !res.ok) return stopped();
      if (res.data === 'gone') return true;
      if (isWaiting(res.data.status)) return false;
      setVideo({ ...res.data, conversationId });
      if (mine) announce(res.data.status === 'processed' ? 'Your video is ready to watch.' : 'Your video could not be converted.');
      return true;
    });
  }, [waiting, id, conversationId, mine, announce]);
  return <VideoAttachment video={video} maxHeight="20rem" className="w-80 max-w-full" />;
}
