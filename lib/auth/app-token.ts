import { ApiError } from '../social-api/errors.ts';
import { postToTokenEndpoint, type TokenEndpoint, type TokenEndpointAnswer } from './token-manager.ts';

/**
 * The BFF's own access token (OAuth 2.0 client credentials, RFC 6749 §4.4): what public pages
 * read with for a visitor who is not signed in. The API lets such a token read only what
 * `everyone` may see, and write nothing (docs/api.md, "Conventions": Privacy; docs/web/previews.md).
 *
 * One token per process, shared by every render: it is asked for once, kept until `skewMs`
 * before it expires, then asked for again; however many renders want it at the same moment,
 * one request is made (they all wait on the same promise). A failed request is not kept: the
 * next render tries again.
 */
export interface AppTokenCache {
  /** A token valid for at least `skewMs` more. */
  get(): Promise<string>;
  /** Forgets `token` (the API answered 401 to it: revoked, or the API's data was reset), if it is still the cached one. */
  invalidate(token: string): void;
}

interface Cached {
  token: string;
  expiresAt: number;
}

/** POST grant_type=client_credentials with HTTP Basic client authentication (RFC 6749 §4.4.2, §2.3.1). */
async function requestClientCredentials(ep: TokenEndpoint, scope?: string): Promise<Cached> {
  let res: TokenEndpointAnswer;
  try {
    res = await postToTokenEndpoint(ep, { grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  } catch (e) {
    if ((e as Error)?.name === 'TimeoutError') throw new ApiError(504, 'upstream_timeout', 'The site took too long to answer.');
    throw new ApiError(502, 'upstream_unreachable', 'The site cannot be reached right now.');
  }
  const body = res.body as { access_token?: unknown; expires_in?: unknown; error?: unknown };
  if (res.ok && typeof body.access_token === 'string' && body.access_token && typeof body.expires_in === 'number' && body.expires_in > 0) {
    return { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  }
  // A client the API does not let use this grant is a configuration fault of ours: the page
  // cannot be shown, and the log says why.
  throw new ApiError(
    502,
    'bad_response',
    `The site refused the web client's own token (${typeof body.error === 'string' ? body.error : res.status}).`,
  );
}

export interface AppTokenOptions {
  endpoint: TokenEndpoint;
  /** Scopes to ask for; the client's own when absent. */
  scope?: string;
  /** Renew this long before the token expires (default a minute). */
  skewMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

export function createAppTokenCache({ endpoint, scope, skewMs = 60_000, now = Date.now }: AppTokenOptions): AppTokenCache {
  let cached: Cached | undefined;
  let inflight: Promise<Cached> | undefined;
  return {
    async get() {
      if (cached && cached.expiresAt - skewMs > now()) return cached.token;
      inflight ??= requestClientCredentials(endpoint, scope)
        .then((fresh) => {
          // expires_in counts from the answer; the clock given may be a test's.
          cached = { token: fresh.token, expiresAt: now() + (fresh.expiresAt - Date.now()) };
          return cached;
        })
        .finally(() => {
          inflight = undefined;
        });
      return (await inflight).token;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
