/**
 * Largest page or limit accepted (either sign): small and large values are clamped by `paging()`,
 * but a number past this (or not finite, as "1e400" becomes) is no page a client means, and the
 * offset page × limit must stay an exact integer for the database, so it is refused with 400.
 */
const PAGING_BOUND = 2_147_483_647;

/** Schema of one paging number (page, limit, photo_page…); within the bound it is clamped, not refused. */
export const pagingNumber = { type: 'integer', minimum: -PAGING_BOUND, maximum: PAGING_BOUND } as const;

/** Query schema fragment for page/limit. A page past the end is an empty list. */
export const pagingQuery = { page: pagingNumber, limit: pagingNumber } as const;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

export function clampLimit(limit: number | undefined, fallback = DEFAULT_LIMIT): number {
  if (limit === undefined) return fallback;
  return Math.min(MAX_LIMIT, Math.max(1, limit));
}

export function paging(q: { page?: number; limit?: number }, fallback = DEFAULT_LIMIT) {
  const limit = clampLimit(q.limit, fallback);
  const page = Math.max(1, q.page ?? 1);
  return { limit, page, offset: (page - 1) * limit };
}
