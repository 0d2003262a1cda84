import { withAppToken } from '@/lib/auth/page-session';
import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { plainFileName } from '@/lib/file-name';
import { parseId } from '@/lib/params';
import { routeHandlers } from '@/lib/route-handler';
import { getPhoto } from '@/lib/social-api/albums';

/**
 * "Download original": the photo's original file as an attachment (a browser's `download`
 * attribute does nothing for a picture of another origin, the API's). The photo is read first
 * with the reader's token, or a visitor's app token (what everyone may see), so only a photo the
 * reader may see is handed over (404 otherwise); the file is streamed through, never held.
 */
async function original(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const id = parseId((await params).id);
  if (id === undefined) return new Response('Not found', { status: 404 });
  const session = await getSession();
  const photo = session ? await getPhoto(session.accessToken, id) : await withAppToken((token) => getPhoto(token, id));
  if (!photo?.img) return new Response('Not found', { status: 404 });
  const img = new URL(photo.img);
  // Only the API's own files are fetched by this server; a picture kept elsewhere is left to the browser.
  if (img.origin !== env().apiOrigin) return Response.redirect(img, 303);
  const upstream = await fetch(img, { redirect: 'error' }).catch(() => undefined);
  if (!upstream?.ok || !upstream.body) return new Response('The photo could not be fetched.', { status: 502 });
  const ext = /\.(jpe?g|png|gif|webp)$/i.exec(img.pathname)?.[1]?.toLowerCase() ?? 'jpg';
  return new Response(upstream.body, {
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      ...(upstream.headers.get('content-length') ? { 'content-length': upstream.headers.get('content-length')! } : {}),
      'content-disposition': `attachment; filename="${plainFileName(photo.title, `photo-${id}`)}.${ext}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: original });
