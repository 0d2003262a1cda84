import { z } from 'zod';
import { env } from '../env.ts';
import { withDeadline } from '#shared/net/deadline.ts';

// The one wrapper around the legacy token API (spec 001): /token.php and /api.php on
// LEGACY_API_URL. Every answer is HTTP 200 with the envelope {api: {total, pages,
// current_page}, output}; a failure puts {error: true, error_id, error_message} in output.
// The token goes in the query (the document's way), from this server only.

/** A failure of the legacy API (error_id), or of reaching it (id 0). */
export class LegacyApiError extends Error {
  readonly id: number;
  constructor(id: number, message: string) {
    super(message);
    this.name = 'LegacyApiError';
    this.id = id;
  }
}

/** error_id values that mean: the key or the token is no good any more (api-server/src/legacy/envelope.ts). */
const ENDED = new Set([2, 3, 10]);

/** The app's session is over (a used or expired key, an expired token): open it again from the site. */
export function isSessionEnded(e: unknown): boolean {
  return e instanceof LegacyApiError && ENDED.has(e.id);
}

export interface LegacyPage {
  total: number;
  pages: number;
  page: number;
}

const envelopeSchema = z.object({
  api: z
    .looseObject({ total: z.coerce.number().catch(0), pages: z.coerce.number().catch(0), current_page: z.coerce.number().catch(0) })
    .catch({ total: 0, pages: 0, current_page: 0 }),
  output: z.unknown(),
});
const errorSchema = z.looseObject({ error: z.literal(true), error_id: z.coerce.number().catch(99), error_message: z.string().catch('') });

const TIMEOUT_MS = 8000;

export interface LegacyCall {
  /** Query parameters besides token and method. */
  query?: Record<string, string | number | undefined>;
  token?: string;
  method?: string;
  /** A multipart body passed on as it arrives (photo.addPhoto). */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string };
  /** Sent as a POST without a body (a method that changes something, its parameters in the query). */
  post?: boolean;
  signal?: AbortSignal;
}

/** Calls /token.php or /api.php; answers output and the paging, throws LegacyApiError. */
export async function legacyFetch(
  path: '/token.php' | '/api.php',
  call: LegacyCall = {},
): Promise<{ output: unknown; paging: LegacyPage }> {
  const url = new URL(env().LEGACY_API_URL + path);
  if (call.method) url.searchParams.set('method', call.method);
  if (call.token) url.searchParams.set('token', call.token);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const json = await withDeadline(
    call.stream ? 5 * 60_000 : TIMEOUT_MS,
    async (signal, time) => {
      let res: Response;
      try {
        res = await fetch(url, {
          method: call.stream || call.post ? 'POST' : 'GET',
          headers: {
            accept: 'application/json',
            ...(call.stream
              ? {
                  'content-type': call.stream.contentType,
                  ...(call.stream.contentLength ? { 'content-length': call.stream.contentLength } : {}),
                }
              : {}),
          },
          body: call.stream?.body,
          signal,
          cache: 'no-store',
          redirect: 'error',
          ...(call.stream ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (e) {
        if (call.signal?.aborted) throw e;
        throw new LegacyApiError(0, time.expired ? 'The site took too long to answer.' : 'The site cannot be reached right now.');
      }
      try {
        return (await res.json()) as unknown;
      } catch {
        throw new LegacyApiError(0, `The site answered ${res.status} without a readable body.`);
      }
    },
    call.signal,
  );
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new LegacyApiError(0, 'The site answered something this app does not understand.');
  const failed = errorSchema.safeParse(envelope.data.output);
  if (failed.success) throw new LegacyApiError(failed.data.error_id, failed.data.error_message);
  const { total, pages, current_page } = envelope.data.api;
  return { output: envelope.data.output, paging: { total, pages, page: current_page } };
}

/** What a person reads for a legacy failure (the API's own words only where they name a detail). */
export function legacyErrorMessage(e: LegacyApiError): string {
  switch (e.id) {
    case 0:
      return `${e.message} Try again in a moment.`;
    case 2:
    case 3:
    case 10:
      return 'This app’s session has ended, or its link was already used.';
    case 6:
      return 'That member could not be found.';
    case 7:
      return 'The site does not let this app see that.';
    case 9:
      return 'The site refused the photo: it must be a JPEG, PNG, GIF or WebP picture, not too large.';
    case 1:
    case 4:
    case 5:
    case 8:
      return `The site did not accept the app’s request${e.message ? `: ${e.message}` : '.'}`;
    default:
      return 'Something went wrong at the site. Try again in a moment.';
  }
}
