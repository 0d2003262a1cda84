import { getListingChoices } from '../social-api/classifieds.ts';
import { cachedChoices } from '../user-cache.ts';

/** The listing categories and privacy options, for the lists' filters and the listing form (lib/user-cache.ts). */
export const getCachedListingChoices = cachedChoices(getListingChoices);
