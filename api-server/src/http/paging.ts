/** Query schema fragment for page/limit; values are clamped by `paging()`, not refused. */
export const pagingQuery = {
  page: { type: 'integer' },
  limit: { type: 'integer' },
} as const;

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

export function clampLimit(limit: number | undefined, fallback = DEFAULT_LIMIT): number {
  if (limit === undefined) return fallback;
  return Math.min(MAX_LIMIT, Math.max(1, limit));
}

export function paging(q: { page?: number; limit?: number }, fallback = DEFAULT_LIMIT) {
  const limit = clampLimit(q.limit, fallback);
  const page = Math.max(1, q.page ?? 1);
  return { limit, page, offset: (page - 1) * limit };
}
