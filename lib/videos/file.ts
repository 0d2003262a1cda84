import { getSession } from '../auth/session.ts';
import { withAppToken } from '../auth/page-session.ts';
import { parseId } from '../params.ts';
import { fetchVideoFile, FILE_HEADERS } from '../social-api/videos.ts';

// GET /api/videos/{id}/file (app/api/videos/[id]/file): an uploaded video's file for the player,
// through the BFF: the API sends it only to whoever may see the video (a Bearer token the browser
// never holds). The player's Range goes on to the API and its 206 comes back as it arrives, so
// seeking works and the web server holds one chunk at a time, never the file.

const missing = () => Response.json({ message: 'There is no video to play at this address.' }, { status: 404 });

export async function videoFileResponse(request: Request, rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (id === undefined) return missing();
  const session = await getSession();
  const read = (token: string) => fetchVideoFile(token, id, request.headers, request.signal);
  const upstream = session ? await read(session.accessToken) : await withAppToken(read);
  // 200, 206 (a range), 304 (unchanged), 416 (a range past the end: its Content-Range says the size).
  if (![200, 206, 304, 416].includes(upstream.status)) {
    await upstream.body?.cancel().catch(() => {});
    return missing();
  }
  const headers = new Headers({ 'Cross-Origin-Resource-Policy': 'same-origin', 'Cache-Control': 'private, no-cache' });
  for (const name of FILE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}
