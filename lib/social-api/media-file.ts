import { withDeadline } from '#shared/net/deadline.ts';
import { apiConfig } from './config.ts';
import { ApiError } from './errors.ts';

// A media file of the API (a video's, a song's) as the API answers it, the body unread: the BFF's
// file routes pass it on as it arrives (a range at a time, never the whole file). Only waiting
// for the answer's head is limited in time; the body flows as long as the player reads.

/** The request headers a player's request may carry on to the file (a range, and what makes it conditional). */
const PASSED_ON = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const;
/** The answer's headers the browser gets back. */
export const FILE_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;

/** GET `path` of the API (`/videos/3/file`) with the player's range, for `token` (null: a file read with none). */
export async function fetchMediaFile(token: string | null, path: string, request: Headers, signal: AbortSignal): Promise<Response> {
  const config = apiConfig();
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  for (const name of PASSED_ON) {
    const value = request.get(name);
    if (value) headers[name] = value;
  }
  return withDeadline(
    config.timeoutMs,
    async (both, time) => {
      // The time limit ends once the head is here (withDeadline clears it): the body then flows
      // for as long as the player reads, and stops with the player's request (`signal`).
      try {
        return await fetch(`${config.baseUrl}${path}`, { headers, signal: both, redirect: 'error', cache: 'no-store' });
      } catch (e) {
        if (time.expired) throw new ApiError(504, 'upstream_timeout', 'The site took too long to answer.');
        if (signal.aborted) throw e;
        throw new ApiError(502, 'upstream_unreachable', 'The site cannot be reached right now.');
      }
    },
    signal,
  );
}
