import { redirect } from 'next/navigation';
import { ApiError } from './social-api/errors.ts';
import { safeReturnTo } from './auth/return-to.ts';

/**
 * The HTTP status a page should answer when the API failed it: 504 when it was too slow,
 * 503 when it asked us to wait, 502 for everything else that is the API's fault.
 */
function unavailableStatus(error: ApiError): 502 | 503 | 504 {
  if (error.code === 'upstream_timeout' || error.status === 504) return 504;
  if (error.status === 503) return 503;
  return 502;
}

/** Where a page goes when the API is down or slow: /unavailable answers with the right status and comes back. */
function unavailablePath(error: ApiError, from: string): string {
  return `/unavailable?status=${unavailableStatus(error)}&from=${encodeURIComponent(safeReturnTo(from))}`;
}

/**
 * Next can only answer 200, 3xx, 401/403/404 or 500 for a page. A page (or the root layout)
 * that cannot be rendered because the API is down redirects, before anything is streamed, to
 * a route handler that answers 502/503/504 with a page that tries again by itself. Any other
 * error is thrown on to the nearest error.tsx.
 */
export function redirectIfUnavailable(error: unknown, from: string): void {
  if (error instanceof ApiError && error.isUnavailable) redirect(unavailablePath(error, from));
}
