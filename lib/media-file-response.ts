import { getSession } from './auth/session.ts';
import { withAppToken } from './auth/page-session.ts';
import { parseId } from './params.ts';
import { FILE_HEADERS } from './social-api/media-file.ts';

// The BFF's media file routes (a video's: app/api/videos/[id]/file; a song's:
// app/api/music/songs/[id]/file): the API sends a file only to whoever may see it (a Bearer token
// the browser never holds), so the player reads it here. The player's Range goes on to the API
// and its 206 comes back as it arrives, so seeking works and the web server holds one chunk at a
// time, never the file.

/** Reads the file of item `id` for `token` with the request's range (lib/social-api/media-file.ts). */
type FileReader = (token: string, id: number, request: Headers, signal: AbortSignal) => Promise<Response>;

/** The player's answer: the API's file (200, 206, 304, 416 as it answered), or 404 with `missing` for anything else. */
export async function mediaFileResponse(request: Request, rawId: string, read: FileReader, missing: string): Promise<Response> {
  const id = parseId(rawId);
  if (id === undefined) return Response.json({ message: missing }, { status: 404 });
  const session = await getSession();
  const readWith = (token: string) => read(token, id, request.headers, request.signal);
  return passedOn(session ? await readWith(session.accessToken) : await withAppToken(readWith), missing);
}

/**
 * The API's answer to a file read, as the player gets it: 200, 206 (a range), 304 (unchanged),
 * 416 (a range past the end: its Content-Range says the size) with the file's headers and its
 * body as it arrives; anything else, 404 with `missing`.
 */
export async function passedOn(upstream: Response, missing: string): Promise<Response> {
  if (![200, 206, 304, 416].includes(upstream.status)) {
    await upstream.body?.cancel().catch(() => {});
    return Response.json({ message: missing }, { status: 404 });
  }
  const headers = new Headers({ 'Cross-Origin-Resource-Policy': 'same-origin', 'Cache-Control': 'private, no-cache' });
  for (const name of FILE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}
