import { mediaFileResponse } from '../media-file-response.ts';
import { fetchSongFile } from '../social-api/music.ts';

// GET /api/music/songs/{id}/file (app/api/music/songs/[id]/file): a converted song's file for the
// site's player, through the BFF with HTTP ranges (lib/media-file-response.ts).

export function songFileResponse(request: Request, rawId: string): Promise<Response> {
  return mediaFileResponse(request, rawId, fetchSongFile, 'There is no song to play at this address.');
}
