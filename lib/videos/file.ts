import { mediaFileResponse } from '../media-file-response.ts';
import { parseId } from '../params.ts';
import { fetchVideoFile } from '../social-api/videos.ts';

// GET /api/videos/{id}/file (app/api/videos/[id]/file): an uploaded video's file for the player,
// through the BFF with HTTP ranges (lib/media-file-response.ts). `?conversation=N`: a video sent in
// a message, which its conversation's members see through it (the API's conversation_id).

const MISSING = 'There is no video to play at this address.';

export function videoFileResponse(request: Request, rawId: string): Promise<Response> {
  const through = new URL(request.url).searchParams.get('conversation');
  const conversationId = through === null ? undefined : parseId(through);
  if (through !== null && conversationId === undefined) return Promise.resolve(Response.json({ message: MISSING }, { status: 404 }));
  return mediaFileResponse(
    request,
    rawId,
    (token, id, headers, signal) => fetchVideoFile(token, id, headers, signal, conversationId),
    MISSING,
  );
}
