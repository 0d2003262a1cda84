import { flag, id, listQuery, oneOf, page, text, type QueryOf, type Word } from '../list-query.ts';

const PRICE_MAX = 1e9;

/** A price bound in dollars (cents kept). */
const price: Word<number> = {
  read: (raw) => {
    if (!raw.trim()) return undefined;
    const n = Number(raw.trim());
    return Number.isFinite(n) && n >= 0 && n <= PRICE_MAX ? Math.round(n * 100) / 100 : undefined;
  },
  write: (v) => String(v),
};

/** Listings as the URL says it (/listings?q=bike&category=3&status=closed&min=100&max=500&where=portland&photos=1&sort=views&user=7&page=2). */
export const listingList = listQuery(
  {
    q: text,
    category: id,
    /** Open listings without it. */
    status: oneOf('closed', 'all'),
    min: price,
    max: price,
    /** Location (part of it, any case). */
    where: text,
    /** Only listings with a photo. */
    photos: flag,
    /** Most viewed first; newest first without it. */
    sort: oneOf('views'),
    /** One member's listings. */
    user: id,
    page,
  },
  { renamed: { seller: 'user' } },
);

export type ListingListQuery = QueryOf<typeof listingList>;

/** The seller's table of their listings as the URL says it (/dashboard/listings?q=bike&status=open&page=2). */
export const dashboardListingList = listQuery({
  q: text,
  /** All of one's listings without it. */
  status: oneOf('open', 'closed'),
  page,
});

export type DashboardListingsQuery = QueryOf<typeof dashboardListingList>;
