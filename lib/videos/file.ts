import { mediaFileResponse } from '../media-file-response.ts';
import { fetchVideoFile } from '../social-api/videos.ts';

// GET /api/videos/{id}/file (app/api/videos/[id]/file): an uploaded video's file for the player,
// through the BFF with HTTP ranges (lib/media-file-response.ts).

export function videoFileResponse(request: Request, rawId: string): Promise<Response> {
  return mediaFileResponse(request, rawId, fetchVideoFile, 'There is no video to play at this address.');
}
