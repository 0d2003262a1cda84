import { routes } from '@/lib/routes';
import type { PlayableVideo } from '@/lib/social-api/videos';
import { playerBox, PROVIDER_NAMES, providerPage } from '@/lib/videos/players';
import { LinkPlayer } from './link-player';
import { NativeVideo } from './native-video';
import { STATUS_LABELS } from './video-tile';

export type VideoPlayerProps = {
  video: PlayableVideo;
  describedBy?: string;
  /** The box's greatest height (the video's page gives it most of the window; a post, less). */
  maxHeight?: string;
  /** A link's poster below the first screen waits until it is near (a post further down the feed: VideoScreen). */
  lazy?: boolean;
};

/**
 * The video's player, in a box of its own shape reserved before anything loads (no layout
 * shift): an upload is the browser's own <video> (controls, only its metadata fetched until
 * played, the poster), its file through the BFF with ranges (app/api/videos/[id]/file); a link is
 * the provider's player behind a play button (LinkPlayer). The description is the video's text
 * alternative: the player names it (aria-describedby `describedBy`).
 */
export function VideoPlayer({ video: v, describedBy, maxHeight = '75vh' }: VideoPlayerProps) {
  const p = v.player;
  const screen = <VideoScreen video={v} describedBy={describedBy} maxHeight={maxHeight} />;
  if (p.kind === 'upload') return screen;
  return (
    <div>
      {screen}
      <p className="muted mt-2 text-sm">
        <a href={providerPage(p.kind, p.code)} className="link" rel="noopener noreferrer external">
          Watch on {PROVIDER_NAMES[p.kind]}
        </a>
      </p>
    </div>
  );
}

/** The player's box alone (VideoPlayer without the provider's link): a post's card puts that link in its caption. */
export function VideoScreen({ video: v, describedBy, maxHeight = '75vh', lazy = false }: VideoPlayerProps) {
  const style = playerBox(v, maxHeight);
  const p = v.player;
  if (p.kind !== 'upload') {
    return <LinkPlayer provider={p.kind} code={p.code} title={v.title} poster={v.poster} style={style} lazy={lazy} />;
  }
  if (!p.ready) {
    return (
      <div
        style={style}
        role="status"
        className="flex w-full items-center justify-center rounded-xl bg-slate-200 p-6 text-center dark:bg-slate-800"
      >
        <p>
          <strong className="block">{STATUS_LABELS[v.status] || 'This video cannot be played yet.'}</strong>
          {v.statusMessage}
        </p>
      </div>
    );
  }
  return (
    <NativeVideo
      src={routes.videoFile(v.id, v.conversationId)}
      poster={v.poster || undefined}
      width={v.width ?? 16}
      height={v.height ?? 9}
      style={style}
      describedBy={describedBy}
    />
  );
}
