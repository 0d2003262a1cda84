import type { Metadata } from 'next';
import { env } from '../env.ts';
import { videoPreview } from '../previews/items.ts';
import { previewMetadata } from '../previews/preview.ts';
import { routes } from '../routes.ts';
import type { Video } from '../social-api/videos.ts';

// A video page's metadata: the item's preview (title, description, the generated image) as every
// item page has it, as an Open Graph video (`og:video`): a shared link unfurls into a player
// where the site it is shared on plays videos. A link video's player is its provider's (without
// cookies, not playing by itself); an upload's is its MP4 file through the BFF. A visitor's page
// (what crawlers read) is rendered only for a video everyone may see.

/** The player a shared card names: the provider's embed address, or the file (absolute). */
function sharedPlayer(v: Video): { url: string; type: string } | undefined {
  const p = v.player;
  if (p.kind === 'youtube') return { url: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(p.code)}`, type: 'text/html' };
  if (p.kind === 'vimeo') return { url: `https://player.vimeo.com/video/${encodeURIComponent(p.code)}`, type: 'text/html' };
  return p.ready ? { url: `${env().WEB_ORIGIN}${routes.videoFile(v.id)}`, type: 'video/mp4' } : undefined;
}

export function videoMetadata(v: Video): Metadata {
  const base = previewMetadata(videoPreview(v));
  const player = sharedPlayer(v);
  if (!player) return base;
  const size = v.width && v.height ? { width: v.width, height: v.height } : {};
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: 'video.other',
      videos: [{ url: player.url, ...(player.url.startsWith('https:') ? { secureUrl: player.url } : {}), type: player.type, ...size }],
    },
  };
}
