import type { CSSProperties } from 'react';
import { routes } from '@/lib/routes';
import type { Video } from '@/lib/social-api/videos';
import { PROVIDER_NAMES, providerPage } from '@/lib/videos/players';
import { LinkPlayer } from './link-player';
import { STATUS_LABELS } from './video-tile';

/**
 * The video's player, in a box of its own shape reserved before anything loads (no layout
 * shift): an upload is the browser's own <video> (controls, only its metadata fetched until
 * played, the poster), its file through the BFF with ranges (app/api/videos/[id]/file); a link is
 * the provider's player behind a play button (LinkPlayer). The description is the video's text
 * alternative: the player names it (aria-describedby `describedBy`).
 */
export function VideoPlayer({ video: v, describedBy }: { video: Video; describedBy?: string }) {
  const width = v.width ?? 16;
  const height = v.height ?? 9;
  const style: CSSProperties = { aspectRatio: `${width} / ${height}`, maxHeight: '75vh' };
  const p = v.player;
  if (p.kind !== 'upload') {
    return (
      <div>
        <LinkPlayer provider={p.kind} code={p.code} title={v.title} poster={v.poster} style={style} />
        <p className="muted mt-2 text-sm">
          <a href={providerPage(p.kind, p.code)} className="link" rel="noopener noreferrer external">
            Watch on {PROVIDER_NAMES[p.kind]}
          </a>
        </p>
      </div>
    );
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
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the API keeps no captions (docs/api.md, "Videos"): the description is the video's text alternative, named by aria-describedby
    <video
      controls
      preload="metadata"
      poster={v.poster || undefined}
      width={width}
      height={height}
      style={style}
      className="block h-auto w-full rounded-xl bg-black"
      aria-describedby={describedBy}
      src={routes.videoFile(v.id)}
    >
      <a href={routes.videoFile(v.id)}>Download the video</a>
    </video>
  );
}
