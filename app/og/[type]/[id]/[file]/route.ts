import { withAppToken } from '@/lib/auth/page-session';
import { parseId } from '@/lib/params';
import { PREVIEW_LOADERS } from '@/lib/previews/items';
import { renderPreviewImage } from '@/lib/previews/og-image';
import { previewImagePath, previewVersion, type Preview } from '@/lib/previews/preview';
import { routeHandlers } from '@/lib/route-handler';
import { ApiError } from '@/lib/social-api/errors';
import { isItemType } from '@/lib/social-api/items';

type Context = { params: Promise<{ type: string; id: string; file: string }> };

/**
 * The last images drawn, by address (which carries the version): drawing one takes a few
 * hundred milliseconds of CPU, and a shared link is asked for by many crawlers at once.
 */
const drawn = new Map<string, Promise<Buffer>>();
const DRAWN_MAX = 64;

function draw(preview: Preview): Promise<Buffer> {
  const key = previewImagePath(preview);
  let png = drawn.get(key);
  if (!png) {
    png = renderPreviewImage(preview);
    png.catch(() => drawn.delete(key));
    drawn.set(key, png);
    // Oldest out (a Map keeps the order things were put in).
    if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  }
  return png;
}

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * GET /og/{type}/{id}/{version}.png: an item's preview image (lib/previews), as everyone may
 * see the item: it is read with the BFF's own token whoever asks, so it is the same for
 * everyone and may be cached by anyone. The version is a hash of what the image draws: under
 * its current version the image is cached for good (immutable); an older or made-up version
 * is sent on to the current one. An item that is not there for everyone is a bare 404.
 */
async function image(_request: Request, { params }: Context): Promise<Response> {
  const { type, id: rawId, file } = await params;
  const id = parseId(rawId);
  const load = isItemType(type) ? PREVIEW_LOADERS[type] : undefined;
  if (!load || id === undefined || !/^[A-Za-z0-9_-]{1,64}\.png$/.test(file)) return text(404, 'Not found.');
  let preview;
  try {
    preview = await withAppToken((token) => load(token, id));
  } catch (e) {
    if (e instanceof ApiError && e.isUnavailable) return text(e.status === 504 ? 504 : 502, 'The site cannot be reached right now.');
    throw e;
  }
  // Not kept: an item made public later has its image at once.
  if (!preview) return text(404, 'Not found.');
  if (file !== `${previewVersion(preview)}.png`) {
    return new Response(null, { status: 307, headers: { location: previewImagePath(preview), 'cache-control': 'public, max-age=60' } });
  }
  const png = await draw(preview);
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<Context>({ GET: image }, { shared: true });
