import { searchParamReader, type SearchParams } from '../search-params.ts';

// The filters of /listings, in the URL: what the page reads from its search parameters and
// what lib/routes.ts writes. No zod here: the filter form in the browser uses it too, and a
// lenient reading needs none (what is not understood is left out, not refused).

/** A list of listings as the URL says it (/listings?q=bike&min=100&max=500&where=portland&status=closed&photos=1&sort=views&category=3&page=2). */
export interface ListingListQuery {
  /** Keywords. */
  q?: string;
  category?: number;
  /** Open listings without it. */
  status?: 'closed' | 'all';
  /** Price bounds in dollars. */
  min?: number;
  max?: number;
  /** Location (part of it, any case). */
  where?: string;
  /** Only listings with a photo. */
  photos?: true;
  /** Most viewed first; newest first without it. */
  sort?: 'views';
  /** One member's listings (their id). */
  seller?: number;
  /** 1 without it. */
  page?: number;
}

const PRICE_MAX = 1e9;

type Params = SearchParams;

function price(raw: string | undefined): number | undefined {
  if (raw === undefined || !raw.trim()) return undefined;
  const n = Number(raw.trim());
  return Number.isFinite(n) && n >= 0 && n <= PRICE_MAX ? Math.round(n * 100) / 100 : undefined;
}

export function parseListingListQuery(params: Params): ListingListQuery {
  const { one, text, id, page: pageOf } = searchParamReader(params);
  const q = text('q');
  const where = text('where');
  const category = id('category');
  const page = pageOf();
  const seller = id('seller');
  const status = one('status');
  const min = price(one('min'));
  const max = price(one('max'));
  return {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(status === 'closed' || status === 'all' ? { status } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(where ? { where } : {}),
    ...(one('photos') === '1' ? { photos: true as const } : {}),
    ...(one('sort') === 'views' ? { sort: 'views' as const } : {}),
    ...(seller ? { seller } : {}),
    ...(page ? { page } : {}),
  };
}

/** The query in a fixed order, without the defaults (lib/routes.ts writes it). */
export function listingQueryParams(query: ListingListQuery = {}): Record<string, string | number | undefined> {
  return {
    q: query.q || undefined,
    category: query.category || undefined,
    status: query.status,
    min: query.min,
    max: query.max,
    where: query.where || undefined,
    photos: query.photos ? 1 : undefined,
    sort: query.sort,
    seller: query.seller || undefined,
    page: query.page && query.page > 1 ? query.page : undefined,
  };
}

/** The seller's table of their listings as the URL says it (/dashboard/listings?status=open&q=bike&page=2). */
export interface DashboardListingsQuery {
  q?: string;
  /** All of one's listings without it. */
  status?: 'open' | 'closed';
  page?: number;
}

export function parseDashboardListingsQuery(params: Params): DashboardListingsQuery {
  const { q, page } = parseListingListQuery({ q: params.q, page: params.page });
  const status = Array.isArray(params.status) ? params.status[0] : params.status;
  return { ...(q ? { q } : {}), ...(status === 'open' || status === 'closed' ? { status } : {}), ...(page ? { page } : {}) };
}
