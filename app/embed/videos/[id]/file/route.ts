import { passedOn } from '@/lib/media-file-response';
import { parseId } from '@/lib/params';
import { routeHandlers } from '@/lib/route-handler';
import { EMBED_FRAMED_BY } from '@/lib/security-headers';
import { fetchEmbeddedVideoFile } from '@/lib/social-api/videos';

// GET /embed/videos/{id}/file: the file of an embedded player (app/embed/videos/[id]), with HTTP
// ranges, from the API's token-free player file: answered only while the video may be embedded.

export const dynamic = 'force-dynamic';

const MISSING = 'There is no video to play at this address.';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<{ params: Promise<{ id: string }> }>(
  {
    GET: async (request, { params }) => {
      const id = parseId((await params).id);
      if (id === undefined) return Response.json({ message: MISSING }, { status: 404 });
      return passedOn(await fetchEmbeddedVideoFile(id, request.headers, request.signal), MISSING);
    },
  },
  { framedBy: () => EMBED_FRAMED_BY },
);
