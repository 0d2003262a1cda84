import { escapeHtml } from '#shared/text/html.ts';
import { routes } from '../routes.ts';
import { site } from '../site.ts';
import type { PlayableVideo } from '../social-api/videos.ts';

// A video played on another site. The code its page offers (components/videos/video-embed.tsx)
// is an <iframe>: a link video's is its provider's player; an upload's is this site's own player
// page (app/embed/videos/[id]), whose file comes through the BFF from the API's token-free player
// file (GET /videos/{id}/player/file), so that the browser of whoever watches talks to this site
// alone, as every page of it does. Only a video everyone may see, once converted, is offered
// (`can_embed`), and the player asks the API at every request: narrowed or deleted, it stops
// playing everywhere at once. The player page runs no script (lib/security-headers.ts embedPolicy).

/** The width the code proposes; its height keeps the video's shape (16:9 when unknown). */
const WIDTH = 640;

/** The player another site frames: the provider's, or this site's page of an upload. */
function playerAddress(v: PlayableVideo, origin: string): string {
  const p = v.player;
  if (p.kind === 'youtube') return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(p.code)}`;
  if (p.kind === 'vimeo') return `https://player.vimeo.com/video/${encodeURIComponent(p.code)}`;
  return `${origin}${routes.embeddedVideo(v.id)}`;
}

/** The HTML another site puts in its page to play the video. */
export function embedCode(v: PlayableVideo, origin: string): string {
  const height = v.width && v.height ? Math.round((WIDTH * v.height) / v.width) : Math.round((WIDTH * 9) / 16);
  return (
    `<iframe src="${escapeHtml(playerAddress(v, origin))}" width="${WIDTH}" height="${height}" title="${escapeHtml(v.title)}" ` +
    `style="border:0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`
  );
}

const STYLE =
  'html,body{margin:0;height:100%;background:#000;font:14px/1.4 system-ui,sans-serif}' +
  'video{display:block;width:100%;height:100%}' +
  'a{position:absolute;top:0;left:0;max-width:calc(100% - 24px);padding:6px 12px;color:#fff;background:rgb(0 0 0/.6);' +
  'text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}a:hover,a:focus-visible{text-decoration:underline}' +
  'p{margin:0;display:grid;place-items:center;height:100%;padding:0 16px;color:#fff;text-align:center}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * An upload's player page: the browser's own controls, its poster, nothing loaded before play but
 * the file's head; its title links to the video's page on this site (in a new tab: the frame is
 * another site's).
 */
export function embedPage(v: PlayableVideo, origin: string): string {
  const size = v.width && v.height ? ` width="${v.width}" height="${v.height}"` : '';
  return page(
    `${v.title} · ${site.name}`,
    `<video controls playsinline preload="metadata"${size} src="${routes.embeddedVideoFile(v.id)}"` +
      `${v.poster ? ` poster="${escapeHtml(v.poster)}"` : ''} aria-label="${escapeHtml(v.title)}"></video>` +
      `<a href="${escapeHtml(`${origin}${routes.video(v.id)}`)}" target="_blank" rel="noopener">${escapeHtml(v.title)}</a>`,
  );
}

/** The player page of a video that may not be played here (absent, private and unconverted look the same). */
export function embedMissingPage(): string {
  return page(site.name, `<p>This video is not available.</p>`);
}
