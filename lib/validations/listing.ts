// zod/mini: these schemas run in the browser too, where the full zod would cost a page about
// 40 KB of gzipped JavaScript.
import * as z from 'zod/mini';

// The actions on listings from their page and the seller's dashboard: close or reopen, delete,
// the same on many at once, and a price edited in place. The browser sends only what these
// accept; the server actions check again with the same schemas before anything reaches the API.

/** The API's price limit: below 10^9 dollars, at most two decimals (api-server/src/routes/classifieds/write.ts). */
export const LISTING_PRICE_MAX = 999_999_999.99;
/** Listings one bulk action may change (a page of the dashboard's table). */
export const LISTING_BULK_MAX = 50;

const id = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

export const listingIdSchema = z.object({ id });
export type ListingIdInput = z.infer<typeof listingIdSchema>;

export const listingStateSchema = z.object({ id, open: z.boolean() });
export type ListingStateInput = z.infer<typeof listingStateSchema>;

export const listingBulkSchema = z.object({
  action: z.enum(['close', 'open', 'delete']),
  ids: z.array(id).check(z.minLength(1, 'Select at least one listing.'), z.maxLength(LISTING_BULK_MAX, `Select at most ${LISTING_BULK_MAX} listings.`)),
});
export type ListingBulkInput = z.infer<typeof listingBulkSchema>;

/**
 * A price as typed: empty for none, else a number of at least 0 with at most two decimals
 * ("1250", "12.5", "1,250.00" — the thousands commas a person types are fine).
 */
export const priceTextSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.maxLength(20, 'That price is too long.'),
    z.regex(/^$|^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/, 'Write the price as a number, like 450 or 12.50.'),
  ),
  z.transform((s) => (s === '' ? null : Number(s.replace(/,/g, '')))),
).check(z.refine((n) => n === null || n <= LISTING_PRICE_MAX, 'That price is too high.'));

export const listingPriceSchema = z.object({ id, price: priceTextSchema });
export type ListingPriceInput = z.input<typeof listingPriceSchema>;
