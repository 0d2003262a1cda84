import { env } from '@/lib/env';
import { fetchImage, ImageRefusal, type FetchedImage } from '@/lib/images/fetch-image';
import { ImageCache } from '@/lib/images/image-cache';
import { validImageSignature } from '@/lib/images/image-src';
import { isPublicAddress } from '#shared/net/addresses.ts';
import { anyAddress } from '#shared/net/safe-fetch.ts';
import { routeHandlers } from '@/lib/route-handler';

// GET /api/image?url=…&sig=…: a picture of another site (a link card's thumbnail), fetched by
// the BFF (lib/images/fetch-image.ts) so that the reader's browser never contacts that site.
// Only addresses this server signed (lib/images/image-src.ts) are fetched.

const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_TTL_MS = 60 * 60 * 1000;
const BROWSER_MAX_AGE = 24 * 60 * 60;

const cache = new ImageCache(CACHE_BYTES, CACHE_TTL_MS);
/** One fetch per address at a time, however many readers ask for it at once. */
const inFlight = new Map<string, Promise<FetchedImage | ImageRefusal>>();

function load(url: string): Promise<FetchedImage | ImageRefusal> {
  const running = inFlight.get(url);
  if (running) return running;
  const e = env();
  const allowPrivate = e.NODE_ENV === 'development' || e.IMAGE_PROXY_ALLOW_PRIVATE === '1';
  const promise = fetchImage(url, { maxBytes: e.IMAGE_PROXY_MAX_BYTES, allowAddress: allowPrivate ? anyAddress : isPublicAddress })
    .catch((err: unknown) => (err instanceof ImageRefusal ? err : new ImageRefusal(502, 'The picture could not be fetched.')))
    .then((result) => {
      cache.set(url, result instanceof ImageRefusal ? { status: result.status, message: result.message } : result);
      return result;
    })
    .finally(() => inFlight.delete(url));
  inFlight.set(url, promise);
  return promise;
}

async function image(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const url = params.get('url') ?? '';
  const sig = params.get('sig') ?? '';
  if (!url || url.length > 4096 || !validImageSignature(url, sig)) {
    return Response.json({ message: 'There is no picture at this address.' }, { status: 404 });
  }
  const result = cache.get(url) ?? (await load(url));
  if ('body' in result) {
    return new Response(new Uint8Array(result.body), {
      headers: {
        'Content-Type': result.contentType,
        'Content-Length': String(result.body.length),
        'Cache-Control': `public, max-age=${BROWSER_MAX_AGE}`,
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  }
  return Response.json({ message: result.message }, { status: result.status, headers: { 'Cache-Control': 'public, max-age=60' } });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: image }, { shared: true });
