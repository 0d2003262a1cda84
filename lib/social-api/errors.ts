/** A failed call to the social API, with what the page or form needs to react to it. */
export class ApiError extends Error {
  /** HTTP status as the browser should see it: the API's own, or 502/504 when it is unreachable or slow. */
  readonly status: number;
  /** The API's error_text (not_found, forbidden, invalid_parameters, …) or ours (upstream_timeout, upstream_unreachable, bad_response). */
  readonly code: string;
  /** invalid_parameters: message per parameter name, to show beside the form field. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get isUnavailable(): boolean {
    return this.code === 'upstream_timeout' || this.code === 'upstream_unreachable' || this.code === 'bad_response' || this.status >= 500;
  }
}

export function isApiError(e: unknown, status?: number): e is ApiError {
  return e instanceof ApiError && (status === undefined || e.status === status);
}
