import { anyAddress, readBody, safeFetch, SafeFetchError } from '#shared/net/safe-fetch.ts';
import { isPublicAddress } from '#shared/net/addresses.ts';
import type { Config } from '../config.ts';
import { ApiError, invalidParam } from '../errors.ts';
import { storeImage, type StoredImage } from '../storage/images.ts';

// Link videos: a YouTube or Vimeo address, resolved through the provider's oEmbed endpoint
// (title, size, picture, Vimeo's duration) where the origin called YouTube's Data API (a key) and
// Vimeo's retired API v2. Every outbound request goes through the site's one safe fetch
// (shared/net/safe-fetch.ts): the endpoints are the operator's (VIDEO_OEMBED_YOUTUBE,
// VIDEO_OEMBED_VIMEO), and the picture an endpoint names is fetched only from a public address
// (LINK_PREVIEW_ALLOW_PRIVATE=1 allows any, as it does for link previews). The address a member
// gives is never fetched: it is only passed to the provider.

export interface VideoLink {
  type: 'youtube' | 'vimeo';
  /** The provider's id of the video. */
  code: string;
}

/** The provider and id of a YouTube or Vimeo address; undefined for any other. */
function parseVideoUrl(raw: string): VideoLink | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  const youtube = (id: string | null | undefined) =>
    id && /^[A-Za-z0-9_-]{11}$/.test(id) ? { type: 'youtube' as const, code: id } : undefined;
  if (host === 'youtu.be') return youtube(parts[0]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') return youtube(parts[1]);
    return undefined;
  }
  const vimeoId =
    host === 'vimeo.com' ? parts.find((p) => /^\d+$/.test(p)) : host === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  return vimeoId && /^\d{1,20}$/.test(vimeoId) ? { type: 'vimeo', code: vimeoId } : undefined;
}

/** The player's address of a link video (the origin's `video_src`). */
export function embedUrl(link: VideoLink): string {
  return link.type === 'youtube' ? `https://www.youtube.com/embed/${link.code}` : `https://player.vimeo.com/video/${link.code}`;
}

/** The address of the video on its provider's site, as oEmbed is asked about it. */
function canonicalUrl(link: VideoLink): string {
  return link.type === 'youtube' ? `https://www.youtube.com/watch?v=${link.code}` : `https://vimeo.com/${link.code}`;
}

export interface ResolvedLink extends VideoLink {
  title: string;
  description: string;
  duration: number | null;
  width: number | null;
  height: number | null;
  /** The provider's picture, stored as the poster; undefined when it had none that could be fetched. */
  poster: StoredImage | undefined;
}

const OEMBED_MAX_BYTES = 64 * 1024;
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 5000;
const HEADERS = { 'user-agent': 'Mozilla/5.0 (compatible; SocialVideoLinks/1.0)', accept: 'application/json' };

interface OEmbed {
  title?: unknown;
  description?: unknown;
  duration?: unknown;
  width?: unknown;
  height?: unknown;
  thumbnail_url?: unknown;
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const positive = (v: unknown) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 1e6 ? n : null;
};

/** The provider's answer about the video; 400 when it knows no such video, 502 when it cannot be asked. */
async function askProvider(config: Config, link: VideoLink): Promise<OEmbed> {
  const endpoint = new URL(config.oembed[link.type]);
  endpoint.searchParams.set('format', 'json');
  endpoint.searchParams.set('url', canonicalUrl(link));
  try {
    return await safeFetch(
      endpoint.href,
      { timeoutMs: TIMEOUT_MS, maxRedirects: 2, allowAddress: anyAddress, headers: HEADERS },
      async (res) => {
        if (res.status === 404 || res.status === 401 || res.status === 403) {
          throw invalidParam('url', `is not a video ${link.type === 'youtube' ? 'YouTube' : 'Vimeo'} shows (it may be private or removed)`);
        }
        if (res.status !== 200) throw new ApiError(502, 'upstream_error', `The video's site answered with HTTP status ${res.status}.`);
        const body = await readBody(res.body, OEMBED_MAX_BYTES, 'refuse');
        const data: unknown = JSON.parse(body.toString('utf8'));
        if (!data || typeof data !== 'object') throw new SyntaxError('not an object');
        return data as OEmbed;
      },
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof SafeFetchError && err.reason === 'timeout')
      throw new ApiError(504, 'upstream_error', "The video's site took too long to answer.");
    throw new ApiError(502, 'upstream_error', "The video's site could not be asked about it.");
  }
}

/** The provider's picture as a stored image; undefined when it is absent, on a refused address, or no picture. */
async function fetchPoster(config: Config, address: string): Promise<StoredImage | undefined> {
  if (!address) return undefined;
  const allowAddress = config.linkPreviewAllowPrivate ? anyAddress : isPublicAddress;
  try {
    const bytes = await safeFetch(
      address,
      { timeoutMs: TIMEOUT_MS, maxRedirects: 2, allowAddress, headers: { 'user-agent': HEADERS['user-agent'] } },
      async (res) => (res.status === 200 ? readBody(res.body, PICTURE_MAX_BYTES, 'refuse') : undefined),
    );
    return bytes ? await storeImage(config.dataDir, bytes, 'url') : undefined;
  } catch {
    // A video without a poster is still a video.
    return undefined;
  }
}

/** A YouTube or Vimeo address, resolved (see the top of this file); 400 naming `url` for any other address. */
export async function resolveVideoLink(config: Config, raw: string): Promise<ResolvedLink> {
  const link = parseVideoUrl(raw);
  if (!link) throw invalidParam('url', 'must be the address of a YouTube or Vimeo video');
  const info = await askProvider(config, link);
  return {
    ...link,
    title: text(info.title, 255),
    description: text(info.description, 5000),
    duration: positive(info.duration),
    width: positive(info.width),
    height: positive(info.height),
    poster: await fetchPoster(config, text(info.thumbnail_url, 2048)),
  };
}
