import { withAppToken } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { parseId } from '@/lib/params';
import { routeHandlers } from '@/lib/route-handler';
import { EMBED_FRAMED_BY } from '@/lib/security-headers';
import { getEmbeddableVideo } from '@/lib/social-api/videos';
import { embedMissingPage, embedPage } from '@/lib/videos/embed';

// GET /embed/videos/{id}: an uploaded video's player for other sites to frame (lib/videos/embed.ts).
// Read with the BFF's own token, never the reader's: it is the same for everyone, and shows only
// a video everyone may see. Asked again at every load (no-cache): a video made private or deleted
// stops playing at once.

export const dynamic = 'force-dynamic';

const html = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' },
  });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<{ params: Promise<{ id: string }> }>(
  {
    GET: async (_request, { params }) => {
      const id = parseId((await params).id);
      const video = id === undefined ? undefined : await withAppToken((token) => getEmbeddableVideo(token, id));
      if (!video || video.player.kind !== 'upload' || !video.player.ready) return html(embedMissingPage(), 404);
      return html(embedPage(video, env().WEB_ORIGIN), 200);
    },
  },
  { framedBy: () => EMBED_FRAMED_BY },
);
