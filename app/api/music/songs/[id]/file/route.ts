import { routeHandlers } from '@/lib/route-handler';
import { songFileResponse } from '@/lib/music/file';

// GET /api/music/songs/{id}/file: a converted song's file for the site's player, with HTTP ranges (lib/music/file.ts).

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<{ params: Promise<{ id: string }> }>({
  GET: async (request, { params }) => songFileResponse(request, (await params).id),
});
