import { routeHandlers } from '@/lib/route-handler';
import { videoFileResponse } from '@/lib/videos/file';

// GET /api/videos/{id}/file: an uploaded video's file, with HTTP ranges (lib/videos/file.ts).

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<{ params: Promise<{ id: string }> }>({
  GET: async (request, { params }) => videoFileResponse(request, (await params).id),
});
