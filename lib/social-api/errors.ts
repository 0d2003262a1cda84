/** A failed call to the social API, with what the page or form needs to react to it. */
export class ApiError extends Error {
  /** HTTP status as the browser should see it: the API's own, or 502/504 when it is unreachable or slow. */
  readonly status: number;
  /** The API's error_text (not_found, forbidden, invalid_parameters, …) or ours (upstream_timeout, upstream_unreachable, bad_response). */
  readonly code: string;
  /** invalid_parameters: message per parameter name, to show beside the form field. */
  readonly fieldErrors: Record<string, string>;
  /** The HTTP status the API itself answered, when it differs from `status` (an answer without a readable body: 502). */
  readonly answered: number;
  /** 429 (over a limit on messages): how many seconds until the API takes the request again (its Retry-After). */
  readonly retryAfter?: number;

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors: Record<string, string> = {},
    answered = status,
    retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.answered = answered;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }

  get isUnavailable(): boolean {
    return this.code === 'upstream_timeout' || this.code === 'upstream_unreachable' || this.code === 'bad_response' || this.status >= 500;
  }
}

export function isApiError(e: unknown, status?: number): e is ApiError {
  return e instanceof ApiError && (status === undefined || e.status === status);
}

/** The statuses a server answers for a route it does not have: 404 Not Found, 405 Method Not Allowed, 501 (HTTP's own name for a method it does not know). */
const NO_SUCH_ROUTE = new Set([404, 405, 501]);

/**
 * Whether `e` is what a server without the route asked for answers: the one test of "this server
 * does not have this extension" (docs/api.md, "Extensions"), wherever the client uses one optionally.
 * That is 404, 405 or 501 (with or without a readable body); or 400 naming only `id`, the one
 * name the document gives a path's parameter: a route of the document such as GET
 * /activities/{id} read the extension's path segment (`notifications`) as an id. A 400 naming a
 * parameter the request sent (`photo_ids`, `uri`, …) is a refusal of the request itself, not this.
 * A route of ours that answers 404 for an item that is gone needs its caller to tell the two apart.
 */
export function isMissingExtension(e: unknown): e is ApiError {
  if (!(e instanceof ApiError)) return false;
  if (NO_SUCH_ROUTE.has(e.answered)) return true;
  const named = Object.keys(e.fieldErrors);
  return e.status === 400 && named.length > 0 && named.every((name) => name === 'id');
}

/** The API's refusal of a token without the scope an endpoint needs (a sign-in older than the scope). */
export function isMissingScope(e: unknown): e is ApiError {
  return isApiError(e, 403) && e.code === 'insufficient_scope';
}
