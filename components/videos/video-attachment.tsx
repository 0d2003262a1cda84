import dynamic from 'next/dynamic';
import { routes } from '@/lib/routes';
import type { PostedVideo } from '@/lib/social-api/videos';
import { playerBox, PROVIDER_NAMES, providerPage } from '@/lib/videos/players';

/** A post's player is kept lower than the video's own page's: the feed shows the next post below it. */
const MAX_HEIGHT = '32rem';

// The players' code is a chunk of its own, asked for only by a page that shows a video (the
// server renders it into the HTML all the same); the box below is reserved meanwhile.
const VideoScreen = dynamic(() => import('./video-player').then((m) => m.VideoScreen));

export type VideoAttachmentProps = {
  video: PostedVideo;
  /** Below the first screen: a link's poster waits until it is near. */
  lazy?: boolean;
  /** The player's greatest height (a post's: 32rem). */
  maxHeight?: string;
  /** The figure's width and place (a message's card is narrower than the bubble it is in). */
  className?: string;
};

/**
 * A video in a post: the player in a box of the video's shape (the API's width and height, so
 * nothing moves as it loads) — an upload plays in the browser's own <video> (only its metadata
 * fetched until played, its poster), a YouTube or Vimeo video is its poster under a play button
 * and loads the provider's frame only when pressed — then its title (a link to its page) and
 * duration. One still converting says so in the same box. A message's video (`conversationId`)
 * plays through its conversation, and its title names it without a link.
 */
export function VideoAttachment({ video: v, lazy = false, maxHeight = MAX_HEIGHT, className }: VideoAttachmentProps) {
  const p = v.player;
  return (
    <figure data-video-id={v.id} className={className}>
      <div style={playerBox(v, maxHeight)} className="w-full">
        <VideoScreen video={v} maxHeight={maxHeight} lazy={lazy} />
      </div>
      <figcaption className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
        {v.conversationId === undefined ? (
          <a href={routes.video(v.id)} className="link font-medium">
            {v.title}
          </a>
        ) : (
          // Sent in a message: seen through the conversation alone, it has no page of its own for its readers.
          <span className="font-medium">{v.title}</span>
        )}
        {v.duration ? (
          <span className="muted tabular-nums">
            <span className="sr-only">Duration </span>
            {v.duration}
          </span>
        ) : null}
        {p.kind !== 'upload' ? (
          <a href={providerPage(p.kind, p.code)} className="link muted ml-auto" rel="noopener noreferrer external">
            Watch on {PROVIDER_NAMES[p.kind]}
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}
