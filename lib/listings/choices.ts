import { getListingChoices, type ListingChoices } from '../social-api/classifieds.ts';
import { userCache } from '../user-cache.ts';

// The listing categories and privacy options, which the filters and the listing form show on
// every render: read once every few minutes per person (lib/user-cache.ts).

const cache = userCache<ListingChoices>({ ttlMs: 5 * 60_000 });

export function getCachedListingChoices(session: { userId: number; accessToken: string }): Promise<ListingChoices> {
  return cache.get(session.userId, () => getListingChoices(session.accessToken));
}
